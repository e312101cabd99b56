import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import type {
  LoadedContent as DocsContent,
  LoadedVersion,
} from '@docusaurus/plugin-content-docs';
import type {PluginOptions} from './options';

export const PLUGIN_NAME = 'docusaurus-plugin-export-pdf';
const MANIFEST_VERSION = 1;

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
  /** Locale this manifest was written for, and the site's default one. */
  locale: {current: string; default: string};
  /** Site path (baseUrl included) of the first page to export. */
  startPath: string;
  /** Site path of the navbar logo, when the site has one. */
  logoPath?: string;
  /** The plugin's validated options. */
  options: PluginOptions;
};

export function manifestFileName(locale: string): string {
  return `site-manifest.${locale}.json`;
}

/** Where the manifest of a site's locale lands: Docusaurus' plugin data directory. */
export function manifestPath(siteDir: string, locale: string, pluginId = 'default'): string {
  return path.join(siteDir, '.docusaurus', PLUGIN_NAME, pluginId, manifestFileName(locale));
}

type SidebarItem = LoadedVersion['sidebars'][string][number];

function firstPagePermalink(items: SidebarItem[], version: LoadedVersion): string | undefined {
  for (const item of items) {
    if (item.type === 'doc' || item.type === 'ref') {
      const doc = version.docs.find((candidate) => candidate.id === item.id);
      if (doc) return doc.permalink;
    }
    if (item.type === 'category') {
      if (item.link?.type === 'generated-index') return item.link.permalink;
      if (item.link?.type === 'doc') {
        const linkId = item.link.id;
        const doc = version.docs.find((candidate) => candidate.id === linkId);
        if (doc) return doc.permalink;
      }
      const inside = firstPagePermalink(item.items, version);
      if (inside) return inside;
    }
  }
  return undefined;
}

/** The version an export covers by default: the current one, else the first loaded. */
export function defaultVersion(content: DocsContent): LoadedVersion | undefined {
  return (
    content.loadedVersions.find((version) => version.versionName === 'current') ??
    content.loadedVersions[0]
  );
}

/** First page of the first sidebar, else the first doc, else the version root. */
export function findStartPath(content: DocsContent): string | undefined {
  const version = defaultVersion(content);
  if (!version) return undefined;
  for (const sidebar of Object.values(version.sidebars)) {
    const found = firstPagePermalink(sidebar, version);
    if (found) return found;
  }
  return version.docs[0]?.permalink ?? version.path;
}

export function buildManifest(
  context: LoadContext,
  options: PluginOptions,
  startPath: string,
): SiteManifest {
  const {siteConfig, i18n} = context;
  const logoSrc = (siteConfig.themeConfig as {navbar?: {logo?: {src?: string}}}).navbar?.logo
    ?.src;
  return {
    manifestVersion: MANIFEST_VERSION,
    siteDir: context.siteDir,
    outDir: context.outDir,
    baseUrl: context.baseUrl,
    trailingSlash: siteConfig.trailingSlash,
    siteUrl: siteConfig.url,
    title: siteConfig.title,
    tagline: siteConfig.tagline,
    locale: {current: i18n.currentLocale, default: i18n.defaultLocale},
    startPath,
    logoPath: logoSrc ? sitePath(context.baseUrl, logoSrc) : undefined,
    options,
  };
}

function sitePath(baseUrl: string, src: string): string {
  if (/^[a-z]+:\/\//i.test(src) || src.startsWith(baseUrl)) return src;
  return baseUrl + src.replace(/^\//, '');
}
