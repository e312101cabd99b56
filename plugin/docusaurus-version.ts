import {createRequire} from 'node:module';
import path from 'node:path';
import {PLUGIN_NAME} from '../contracts/manifest';
import {ownPackage} from '../contracts/own-package';

/**
 * The oldest Docusaurus this plugin runs on: the floor of its `@docusaurus/core` peer range in
 * package.json, the one place the range is declared. 3.2 is where `allContentLoaded` appeared,
 * the hook the plugin reads every docs plugin's content in; before it the plugin's data is never set.
 */
export function minimumDocusaurus(): string {
  const range = ownPackage().peerDependencies['@docusaurus/core'] ?? '';
  const floor = /^\^(\d+\.\d+\.\d+)$/.exec(range)?.[1];
  if (!floor) throw new Error(`[${PLUGIN_NAME}] package.json: the @docusaurus/core peer range "${range}" is not of the form ^x.y.z`);
  return floor;
}

const parts = (version: string) => version.split(/[.-]/, 3).map(Number);

/** The Docusaurus the site runs, as its own `@docusaurus/core` says; undefined when it cannot be found. */
export function siteDocusaurusVersion(siteDir: string): string | undefined {
  try {
    const require = createRequire(path.join(siteDir, 'package.json'));
    return (require('@docusaurus/core/package.json') as {version: string}).version;
  } catch {
    return undefined;
  }
}

/** Throws, saying what to do, when the site's Docusaurus 3 is older than the floor; a newer major is left to try. */
export function checkDocusaurusVersion(version: string | undefined, minimum: string = minimumDocusaurus()): void {
  if (!version) return;
  const [major, minor] = parts(version);
  const [minMajor, minMinor] = parts(minimum);
  if (major === minMajor && minor! < minMinor!) {
    throw new Error(
      `[${PLUGIN_NAME}] needs Docusaurus ${minimum} or later; this site runs @docusaurus/core ${version}. ` +
        `The plugin reads the docs in the allContentLoaded hook, which Docusaurus 3.2 added: upgrade @docusaurus/core and its packages to ^${minimum}.`,
    );
  }
}
