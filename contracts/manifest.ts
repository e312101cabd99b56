import path from 'node:path';
import type {PluginOptions} from './options';
import type {DocsOutline} from './outline';
import type {Messages} from './translations';

export const PLUGIN_NAME = 'docusaurus-plugin-export-pdf';

/** Raised whenever the manifest's shape changes: a server reads only the version it was built with. */
export const MANIFEST_VERSION = 3;

/**
 * What the server entry needs to know about a built (or running) site.
 * Written by the plugin on every content load, read by the server per export.
 */
export type SiteManifest = {
  /** Format version of this file. */
  manifestVersion: typeof MANIFEST_VERSION;
  /** Absolute site directory. */
  siteDir: string;
  /** Absolute build output directory of this locale. */
  outDir: string;
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

export function manifestFileName(locale: string): string {
  return `site-manifest.${locale}.json`;
}

/** Matches the names manifestFileName gives. */
export const MANIFEST_FILE_PATTERN = /^site-manifest\..+\.json$/;

/** Where createData puts the manifests: Docusaurus' data directory of this plugin instance. */
export function manifestDir(siteDir: string, pluginId = 'default'): string {
  return path.join(siteDir, '.docusaurus', PLUGIN_NAME, pluginId);
}
