import {existsSync} from 'node:fs';
import {copyFile, cp, mkdir, readdir, rename, rm, stat, symlink} from 'node:fs/promises';
import path from 'node:path';
import {runCommand} from './run-command';
import {REPO_ROOT} from './server-process';

/** A lock held longer than this was left by a test file that was killed while it packed. */
const STALE_LOCK_MS = 15 * 60_000;

/**
 * `npm pack` of a copy of the files git would commit (changes included, ignored files such as
 * lib/ left out) into `destination`: prepack builds lib/ from scratch there, as on a fresh clone,
 * and the repository's own lib/, which other tests may be using, stays as it is. In a run of
 * scripts/run-tests.mjs, which has just compiled lib/ from the same files (a clean build,
 * scripts/clean-lib.mjs), the copy takes that lib/ and packs without compiling it again: under
 * the load of the other test files the compile took 74 s.
 */
async function packCopy(destination: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const builtLib = process.env.TEST_BUILT_LIB === '1';
  const source = path.join(destination, 'source');
  const listing = await runCommand('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: REPO_ROOT});
  for (const file of listing.split('\0').filter(Boolean)) {
    // Deleted in the working tree but not yet in git's index.
    if (!existsSync(path.join(REPO_ROOT, file))) continue;
    await mkdir(path.dirname(path.join(source, file)), {recursive: true});
    await copyFile(path.join(REPO_ROOT, file), path.join(source, file));
  }
  // The build's compilers and type packages; nothing is installed into it.
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(source, 'node_modules'), 'dir');
  if (builtLib) await cp(path.join(REPO_ROOT, 'lib'), path.join(source, 'lib'), {recursive: true});
  const args = ['pack', '--pack-destination', destination, ...(builtLib ? ['--ignore-scripts'] : [])];
  await runCommand('npm', args, {cwd: source, env});
  const tarballs = (await readdir(destination)).filter((name) => name.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new Error(`npm pack left ${tarballs.length} tarballs in ${destination}`);
  return path.join(destination, tarballs[0]!);
}

async function tarballIn(dir: string): Promise<string | undefined> {
  const names = await readdir(dir).catch(() => []);
  const tarball = names.find((name) => name.endsWith('.tgz'));
  return tarball && path.join(dir, tarball);
}

/**
 * `npm pack` of this repository's working tree into `destination`; resolves with the tarball's
 * path. In a run of scripts/run-tests.mjs (TEST_RUN_DIR, its own folder, removed after it) the
 * test files that pack share one tarball, made by whichever asks first while the others wait:
 * packing compiles the package, a minute of the machine's two cores. Nothing outlives the run.
 */
export async function packPackage(destination: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const runDir = process.env.TEST_RUN_DIR;
  if (!runDir) return packCopy(destination, env);
  const done = path.join(runDir, 'pack');
  const lock = `${done}.lock`;
  for (;;) {
    const packed = await tarballIn(done);
    if (packed) {
      const copy = path.join(destination, path.basename(packed));
      await copyFile(packed, copy);
      return copy;
    }
    try {
      await mkdir(lock);
    } catch {
      const held = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (held > STALE_LOCK_MS) await rm(lock, {recursive: true, force: true});
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      const work = path.join(lock, 'work');
      await mkdir(work);
      const tarball = await packCopy(work, env);
      await mkdir(`${done}.tmp`, {recursive: true});
      await rename(tarball, path.join(`${done}.tmp`, path.basename(tarball)));
      await rename(`${done}.tmp`, done);
    } finally {
      await rm(lock, {recursive: true, force: true});
    }
  }
}

/** Paths inside the tarball, without npm's `package/` prefix; folders left out. */
export async function tarballFiles(tarball: string): Promise<string[]> {
  const listing = await runCommand('tar', ['-tzf', tarball], {cwd: path.dirname(tarball)});
  return listing
    .split('\n')
    .filter((line) => line && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''));
}

export async function tarballText(tarball: string, file: string): Promise<string> {
  return runCommand('tar', ['-xzOf', tarball, `package/${file}`], {cwd: path.dirname(tarball)});
}
