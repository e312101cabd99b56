import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';

const digests = new Map<string, string>();

/**
 * The SHA-256 of the code in these folders of the native engine (names relative to it): a
 * change to any file there (a new release, a fix under test) makes another printer, so the
 * print cache's keys include it. Read once per process.
 */
export function codeDigest(folders: string[]): string {
  const id = folders.join('\n');
  let digest = digests.get(id);
  if (digest) return digest;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) hash.update(entry.name).update(readFileSync(file));
    }
  };
  for (const folder of folders) walk(path.join(__dirname, '..', folder));
  digest = hash.digest('hex');
  digests.set(id, digest);
  return digest;
}
