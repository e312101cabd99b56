import {readFileSync} from 'node:fs';
import path from 'node:path';
import {PLUGIN_NAME} from './manifest';

/** What the plugin and the server read of this package's package.json. */
export type OwnPackage = {version: string; peerDependencies: Record<string, string>};

let cached: OwnPackage | undefined;

/** This package's package.json: its version, and the ranges of the peers a feature may need. */
export function ownPackage(): OwnPackage {
  if (cached) return cached;
  // lib/contracts/ when built, contracts/ when run from source.
  for (const up of [['..', '..'], ['..']]) {
    try {
      const found = JSON.parse(readFileSync(path.join(__dirname, ...up, 'package.json'), 'utf8')) as Partial<OwnPackage> & {name?: string};
      if (found.name === PLUGIN_NAME && found.version) {
        cached = {version: found.version, peerDependencies: found.peerDependencies ?? {}};
        return cached;
      }
    } catch {
      // Not this directory.
    }
  }
  return {version: 'unknown', peerDependencies: {}};
}
