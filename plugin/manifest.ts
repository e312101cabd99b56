import type {LoadContext} from '@docusaurus/types';
import {MANIFEST_VERSION, type SiteManifest} from '../contracts/manifest';
import type {PluginOptions} from '../contracts/options';
import type {DocsOutline} from '../contracts/outline';
import type {Messages} from '../contracts/translations';

export function buildManifest(
  context: LoadContext,
  options: PluginOptions,
  startPath: string,
  docs: DocsOutline[],
  texts: Messages,
): SiteManifest {
  const {siteConfig, i18n} = context;
  const logoSrc = (siteConfig.themeConfig as {navbar?: {logo?: {src?: string}}}).navbar?.logo?.src;
  return {
    manifestVersion: MANIFEST_VERSION,
    siteDir: context.siteDir,
    outDir: context.outDir,
    baseUrl: context.baseUrl,
    trailingSlash: siteConfig.trailingSlash,
    siteUrl: siteConfig.url,
    title: siteConfig.title,
    tagline: siteConfig.tagline,
    locale: {
      current: i18n.currentLocale,
      default: i18n.defaultLocale,
      htmlLang: i18n.localeConfigs[i18n.currentLocale]?.htmlLang ?? i18n.currentLocale,
      direction: i18n.localeConfigs[i18n.currentLocale]?.direction ?? 'ltr',
    },
    texts,
    startPath,
    logoPath: logoSrc ? sitePath(context.baseUrl, logoSrc) : undefined,
    docs,
    options,
  };
}

function sitePath(baseUrl: string, src: string): string {
  if (/^[a-z]+:\/\//i.test(src) || src.startsWith(baseUrl)) return src;
  return baseUrl + src.replace(/^\//, '');
}
