import {existsSync} from 'node:fs';
import {copyFile, mkdir, readdir, symlink} from 'node:fs/promises';
import path from 'node:path';
import {runCommand} from './run-command';
import {REPO_ROOT} from './server-process';

/**
 * `npm pack` of this repository's working tree into `destination`. It packs a
 * copy of the files git would commit (changes included, ignored files such as
 * lib/ left out), so prepack builds lib/ from scratch there, as on a fresh
 * clone, and the repository's own lib/, which other runs may be using, stays
 * as it is. Resolves with the tarball's path.
 */
export async function packPackage(destination: string, env?: NodeJS.ProcessEnv): Promise<string> {
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
  await runCommand('npm', ['pack', '--pack-destination', destination], {cwd: source, env});
  const tarballs = (await readdir(destination)).filter((name) => name.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new Error(`npm pack left ${tarballs.length} tarballs in ${destination}`);
  return path.join(destination, tarballs[0]!);
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
