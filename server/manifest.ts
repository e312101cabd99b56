import {promises as fs} from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_BUILD_DIR,
  MANIFEST_FILE_PATTERN,
  MANIFEST_VERSION,
  PLUGIN_NAME,
  builtManifestDir,
  manifestDir,
  type ManifestFile,
  type SiteManifest,
} from '../contracts/manifest';
import {NotReady} from './errors';
import {ownPackage} from '../contracts/own-package';

/** A built site as the server uses it: the folder it runs in (documents, caches) and the build it serves. */
export type BuiltSite = {
  /** Absolute site directory. */
  siteDir: string;
  /** Absolute build folder: `--dir`, else the site's `build/`. */
  buildDir: string;
  /** Plugin instance whose manifests are read. */
  pluginId?: string;
};

/** The site's own build folder, or the one `--dir` names (relative to the working directory). */
export function builtSite(siteDir: string, dir?: string, pluginId?: string): BuiltSite {
  return {siteDir, buildDir: dir ? path.resolve(dir) : path.join(siteDir, DEFAULT_BUILD_DIR), pluginId};
}

export class ManifestNotFoundError extends NotReady {
  constructor(where: string) {
    super(
      `No export manifest in ${where}: build the site with \`docusaurus build\` first, ` +
        `and check that ${PLUGIN_NAME} is listed in its docusaurus.config plugins.`,
    );
  }
}

/** The build folder is missing, though the site may exist (say, only `docusaurus start` ran). */
export class BuildMissingError extends NotReady {
  constructor(buildDir: string) {
    super(`The build directory ${buildDir} is missing: run \`docusaurus build\` first, or name the build with --dir.`);
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

async function readManifestFiles(dir: string): Promise<{file: string; manifest: ManifestFile}[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => MANIFEST_FILE_PATTERN.test(name));
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as {manifestVersion?: unknown};
      if (manifest.manifestVersion !== MANIFEST_VERSION) throw new ManifestVersionError(file, manifest.manifestVersion);
      return {file, manifest: manifest as ManifestFile};
    }),
  );
}

/**
 * Every locale's manifest in a build, by locale. The default locale's output is the build folder
 * itself and each other locale's is a folder in it (`fr/`, or the locale's configured `path`), so
 * the build's top folders are where the others are found.
 */
export async function readBuiltManifests(site: BuiltSite): Promise<Map<string, SiteManifest>> {
  const entries = await fs.readdir(site.buildDir, {withFileTypes: true}).catch(() => {
    throw new BuildMissingError(site.buildDir);
  });
  const folders = [
    site.buildDir,
    ...entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => path.join(site.buildDir, entry.name)),
  ];
  const manifests = new Map<string, SiteManifest>();
  for (const outDir of folders) {
    for (const {manifest} of await readManifestFiles(builtManifestDir(outDir, site.pluginId))) {
      if (!manifests.has(manifest.locale.current)) manifests.set(manifest.locale.current, {...manifest, siteDir: site.siteDir, outDir});
    }
  }
  if (manifests.size === 0) throw new ManifestNotFoundError(site.buildDir);
  // By locale name, as the dev server's folder lists them: messages name the locales in one order.
  return new Map([...manifests].sort(([a], [b]) => a.localeCompare(b)));
}

/** Every locale's manifest as the plugin last wrote them for the dev server, by locale. */
export async function readDevManifests(siteDir: string, pluginId = 'default'): Promise<Map<string, SiteManifest>> {
  const files = (await readManifestFiles(manifestDir(siteDir, pluginId))).sort((a, b) => a.file.localeCompare(b.file));
  if (files.length === 0) throw new ManifestNotFoundError(siteDir);
  // The dev server serves no build; outDir is where one would be.
  const outDir = path.join(siteDir, DEFAULT_BUILD_DIR);
  return new Map(files.map(({manifest}) => [manifest.locale.current, {...manifest, siteDir, outDir}]));
}

/** The manifest of the site's default locale among a site's manifests. */
export function defaultLocaleManifest(manifests: Map<string, SiteManifest>): SiteManifest {
  const all = [...manifests.values()];
  return all.find((manifest) => manifest.locale.current === manifest.locale.default) ?? all[0]!;
}
