import path from 'node:path';
import type {PluginOptions} from './options';
import type {DocsOutline} from './outline';
import type {Messages} from './translations';

export const PLUGIN_NAME = 'docusaurus-plugin-export-pdf';

/** Raised whenever the manifest's shape changes: a server reads only the version it was built with. */
export const MANIFEST_VERSION = 4;

/**
 * What the server needs to know about a built (or running) site, as the plugin writes it: into
 * the build (each locale's output folder) when the site is built, and into `.docusaurus/` on every
 * content load for the dev server. It holds no absolute path, so a build copied elsewhere still
 * describes itself: the reader supplies the paths (SiteManifest).
 */
export type ManifestFile = {
  /** Format version of this file. */
  manifestVersion: typeof MANIFEST_VERSION;
  /** Site `baseUrl`, always with leading and trailing slash. */
  baseUrl: string;
  /** Site `trailingSlash` setting. */
  trailingSlash: boolean | undefined;
  /** Public URL of the deployed site (`url` in the config). */
  siteUrl: string;
  /** Site title. */
  title: string;
  /** Site tagline. */
  tagline: string;
  /**
   * Locale this manifest was written for, and the site's default one; the
   * current locale's `htmlLang` and writing direction (`rtl` for ar, fa, he…).
   */
  locale: {current: string; default: string; htmlLang: string; direction: 'ltr' | 'rtl'};
  /** The plugin's texts in this locale: the site's code.json over the shipped translations. */
  texts: Messages;
  /** Site path (baseUrl included) of the first page to export. */
  startPath: string;
  /** Site path of the navbar logo, when the site has one. */
  logoPath?: string;
  /** Every doc of every docs plugin instance and version, in sidebar order. */
  docs: DocsOutline[];
  /** The plugin's validated options. */
  options: PluginOptions;
};

/** A manifest with the paths of where it is used. */
export type SiteManifest = ManifestFile & {
  /** Absolute site directory: where the server runs (its documents and caches default to it), or where the build runs. */
  siteDir: string;
  /** Absolute build output folder of this locale: where the manifest was found in the build, or where the build writes. */
  outDir: string;
};

/** The file's content: a manifest without its paths. */
export function manifestFile({siteDir: _siteDir, outDir: _outDir, ...file}: SiteManifest): ManifestFile {
  return file;
}

export function manifestFileName(locale: string): string {
  return `site-manifest.${locale}.json`;
}

/** Matches the names manifestFileName gives. */
export const MANIFEST_FILE_PATTERN = /^site-manifest\..+\.json$/;

/** Where createData puts the manifests for the dev server: Docusaurus' data directory of this plugin instance. */
export function manifestDir(siteDir: string, pluginId = 'default'): string {
  return path.join(siteDir, '.docusaurus', PLUGIN_NAME, pluginId);
}

/** Where a build holds a locale's manifest: a folder in the locale's output folder, so that the manifest travels with the build. */
export function builtManifestDir(outDir: string, pluginId = 'default'): string {
  return path.join(outDir, `.${PLUGIN_NAME}`, pluginId);
}

/** Docusaurus' output folder when `docusaurus build` is given no `--out-dir`. */
export const DEFAULT_BUILD_DIR = 'build';
