import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {OPTIONAL_PACKAGES} from '../../contracts/optional-packages';

/** What a site's node_modules holds: installed packages, and megabytes on disk as `du` counts them. */
export type Footprint = {packages: number; megabytes: number};

/** Packages of the site's package-lock.json that are on disk (a lock also lists other platforms' binaries), and du's size of node_modules. */
export async function installFootprint(siteDir: string): Promise<Footprint> {
  const lock = JSON.parse(await readFile(path.join(siteDir, 'package-lock.json'), 'utf8')) as {packages: Record<string, unknown>};
  const packages = Object.keys(lock.packages).filter((key) => key.includes('node_modules/') && existsSync(path.join(siteDir, key))).length;
  const {stdout} = await promisify(execFile)('du', ['-sk', path.join(siteDir, 'node_modules')]);
  return {packages, megabytes: Math.round(Number(stdout.split('\t')[0]) / 1024)};
}

/** What installing the plugin added, and a line that says so with the figures before and after. */
export function addedFootprint(before: Footprint, after: Footprint): Footprint & {summary: string} {
  const added = {packages: after.packages - before.packages, megabytes: after.megabytes - before.megabytes};
  const summary =
    `the site alone ${before.packages} packages, ${before.megabytes} MB; with the plugin ${after.packages} packages, ` +
    `${after.megabytes} MB: +${added.packages} packages, +${added.megabytes} MB`;
  return {...added, summary};
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
