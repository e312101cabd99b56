import {promises as fs} from 'node:fs';
import path from 'node:path';
import {MANIFEST_FILE_PATTERN, PLUGIN_NAME, manifestDir, type SiteManifest} from '../contracts/manifest';

export class ManifestNotFoundError extends Error {
  constructor(siteDir: string) {
    super(
      `No export manifest in ${siteDir}: build the site with \`docusaurus build\` first, ` +
        `and check that ${PLUGIN_NAME} is listed in its docusaurus.config plugins.`,
    );
    this.name = 'ManifestNotFoundError';
  }
}

/** Every locale's manifest, as the plugin last wrote them, by locale. */
export async function readManifests(siteDir: string, pluginId = 'default'): Promise<Map<string, SiteManifest>> {
  const dir = manifestDir(siteDir, pluginId);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) =>
    MANIFEST_FILE_PATTERN.test(name),
  );
  const manifests = await Promise.all(
    names.map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as SiteManifest),
  );
  if (manifests.length === 0) throw new ManifestNotFoundError(siteDir);
  return new Map(manifests.map((manifest) => [manifest.locale.current, manifest]));
}

/** The manifest of the site's default locale. */
export async function readManifest(siteDir: string, pluginId = 'default'): Promise<SiteManifest> {
  const manifests = [...(await readManifests(siteDir, pluginId)).values()];
  return manifests.find((manifest) => manifest.locale.current === manifest.locale.default) ?? manifests[0]!;
}
