import {promises as fs} from 'node:fs';
import path from 'node:path';
import {MANIFEST_FILE_PATTERN, MANIFEST_VERSION, PLUGIN_NAME, manifestDir, type SiteManifest} from '../contracts/manifest';
import {NotReady} from './errors';
import {ownPackage} from '../contracts/own-package';

export class ManifestNotFoundError extends NotReady {
  constructor(siteDir: string) {
    super(
      `No export manifest in ${siteDir}: build the site with \`docusaurus build\` first, ` +
        `and check that ${PLUGIN_NAME} is listed in its docusaurus.config plugins.`,
    );
  }
}

/** A manifest written by another version of the plugin, whose shape this server cannot trust. */
export class ManifestVersionError extends NotReady {
  constructor(file: string, found: unknown) {
    super(
      `The export manifest ${file} has format version ${JSON.stringify(found ?? 'none')}; this server (${PLUGIN_NAME} ${ownPackage().version}) reads version ${MANIFEST_VERSION}.`,
      {detail: 'The site was built with another version of the plugin: rebuild the site (docusaurus build), or restart docusaurus start.'},
    );
  }
}

async function readManifestFile(file: string): Promise<SiteManifest> {
  const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as {manifestVersion?: unknown};
  if (manifest.manifestVersion !== MANIFEST_VERSION) throw new ManifestVersionError(file, manifest.manifestVersion);
  return manifest as SiteManifest;
}

/** Every locale's manifest, as the plugin last wrote them, by locale. */
export async function readManifests(siteDir: string, pluginId = 'default'): Promise<Map<string, SiteManifest>> {
  const dir = manifestDir(siteDir, pluginId);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => MANIFEST_FILE_PATTERN.test(name));
  const manifests = await Promise.all(names.map((name) => readManifestFile(path.join(dir, name))));
  if (manifests.length === 0) throw new ManifestNotFoundError(siteDir);
  return new Map(manifests.map((manifest) => [manifest.locale.current, manifest]));
}

/** The manifest of the site's default locale. */
export async function readManifest(siteDir: string, pluginId = 'default'): Promise<SiteManifest> {
  const manifests = [...(await readManifests(siteDir, pluginId)).values()];
  return manifests.find((manifest) => manifest.locale.current === manifest.locale.default) ?? manifests[0]!;
}
