import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {OPTIONAL_PACKAGES} from '../../contracts/optional-packages';

/** What a package brings into a site's node_modules: installed packages, and megabytes on disk as `du` counts them. */
export type Footprint = {packages: number; megabytes: number};

type LockEntry = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
type Lock = {packages: Record<string, LockEntry>};

/** Where Node finds `name` from the package at lock path `from`: its own node_modules, then each parent's. */
function resolveIn(lock: Lock, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (key in lock.packages) return key;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/** Lock paths of the packages the site's own dependencies reach when `without` is not one of them. */
function reachedWithout(lock: Lock, without: string): Set<string> {
  const root = lock.packages[''] ?? {};
  const names = (entry: LockEntry) =>
    Object.keys({
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...entry.peerDependencies,
      ...(entry === root ? root.devDependencies : {}),
    });
  const reached = new Set<string>();
  const queue: string[] = [''];
  while (queue.length > 0) {
    const from = queue.pop()!;
    for (const name of names(lock.packages[from] ?? {})) {
      if (from === '' && name === without) continue;
      const key = resolveIn(lock, from, name);
      if (key === undefined || reached.has(key)) continue;
      reached.add(key);
      queue.push(key);
    }
  }
  return reached;
}

/**
 * What installing `name` added to a site: the packages on disk that only it needs (the lock's
 * dependency graph walked from the site's own dependencies, without it), and their size. One
 * install tells it, where installing the site alone first and comparing took a second install;
 * packages the site already had are not counted, as they were not added.
 */
export async function addedFootprint(siteDir: string, name: string): Promise<Footprint & {summary: string}> {
  const lock = JSON.parse(await readFile(path.join(siteDir, 'package-lock.json'), 'utf8')) as Lock;
  // A lock also lists other platforms' binaries, which are not on disk.
  const installed = Object.keys(lock.packages).filter((key) => key.includes('node_modules/') && existsSync(path.join(siteDir, key)));
  const reached = reachedWithout(lock, name);
  const added = installed.filter((key) => !reached.has(key));
  // A package nested in another that is added is counted in that one's size.
  const outermost = added.filter((key) => !added.some((other) => other !== key && key.startsWith(`${other}/`)));
  const du = promisify(execFile);
  const sizeKb = async (dirs: string[]) =>
    dirs.length === 0
      ? 0
      : Number(/(\d+)\s+total\s*$/.exec((await du('du', ['-skc', ...dirs.map((dir) => path.join(siteDir, dir))])).stdout)?.[1]);
  const megabytes = Math.round((await sizeKb(outermost)) / 1024);
  const siteMegabytes = Math.round((await sizeKb(['node_modules'])) / 1024);
  const summary =
    `the site with the plugin ${installed.length} packages, ${siteMegabytes} MB; only the plugin needs ` +
    `${added.length} packages, ${megabytes} MB (${((100 * megabytes) / siteMegabytes).toFixed(0)} % of node_modules)`;
  return {packages: added.length, megabytes, summary};
}

/**
 * The README tells someone deciding to install what it adds: "adds about N packages and M MB".
 * Not less than it is, nor much more; the registry's newer releases are allowed for.
 */
export function assertStatedAddition(added: Footprint, readmeSection: string): void {
  const found = /adds about (\d+) packages and (\d+) MB/.exec(readmeSection.replace(/\s+/g, ' '));
  assert.ok(found, 'the README says "adds about N packages and M MB"');
  const [packages, megabytes] = [Number(found[1]), Number(found[2])];
  const said = `the README says ${packages} packages and ${megabytes} MB; the install added ${added.packages} and ${added.megabytes}`;
  assert.ok(added.packages <= packages * 1.15 && added.megabytes <= megabytes * 1.15, said);
  assert.ok(added.packages >= packages * 0.7 && added.megabytes >= megabytes * 0.7, `${said}: the README overstates it`);
}

/** Optional peers in a site's node_modules (and the full Puppeteer, which only docs-to-pdf brings): a site that does not ask for them has none. */
export function installedOptionalPeers(siteDir: string): string[] {
  return [...Object.values(OPTIONAL_PACKAGES).flat(), 'puppeteer'].filter((name) => existsSync(path.join(siteDir, 'node_modules', name)));
}
