import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import {copyFile, mkdir, readFile, readdir, rename, rm, stat, symlink} from 'node:fs/promises';
import path from 'node:path';
import {runCommand} from './run-command';
import {REPO_ROOT} from './server-process';

/** Tarballs by the content they were packed from, shared by the test files of a run (and the next run, if nothing changed). */
const PACKS = path.join(REPO_ROOT, '.test-output', 'packs');
/** A lock held longer than this was left by a run that was killed. */
const STALE_LOCK_MS = 15 * 60_000;

/** The files git would commit (changes included, ignored files such as lib/ left out), deleted ones left out. */
async function packedFiles(): Promise<string[]> {
  const listing = await runCommand('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: REPO_ROOT});
  return listing
    .split('\0')
    .filter(Boolean)
    .filter((file) => existsSync(path.join(REPO_ROOT, file)))
    .sort();
}

async function contentKey(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(await readFile(path.join(REPO_ROOT, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 32);
}

/** `npm pack` of a copy of `files` into `destination`: prepack builds lib/ from scratch there, as on a fresh clone. */
async function packCopy(files: string[], destination: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const source = path.join(destination, 'source');
  for (const file of files) {
    await mkdir(path.dirname(path.join(source, file)), {recursive: true});
    await copyFile(path.join(REPO_ROOT, file), path.join(source, file));
  }
  // The build's compilers and type packages; nothing is installed into it.
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(source, 'node_modules'), 'dir');
  await runCommand('npm', ['pack', '--pack-destination', destination], {cwd: source, env});
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
 * `npm pack` of this repository's working tree, copied into `destination`; resolves with the
 * copy's path. The repository's own lib/, which other tests may be using, stays as it is. Test
 * files that pack the same tree share one tarball, made by whichever asks first while the others
 * wait: packing compiles the package, a minute of the machine's two cores.
 */
export async function packPackage(destination: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const files = await packedFiles();
  const key = await contentKey(files);
  const done = path.join(PACKS, key);
  const lock = `${done}.lock`;
  await mkdir(PACKS, {recursive: true});
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
      const tarball = await packCopy(files, work, env);
      // Earlier trees' tarballs go; a run packing another tree at this moment packs again if it must.
      for (const name of await readdir(PACKS)) {
        if (/^[0-9a-f]+$/.test(name) && name !== key) await rm(path.join(PACKS, name), {recursive: true, force: true});
      }
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
