/** What the theme receives through `setGlobalData`: only what the browser needs. */
export type ClientData = {
  /** Explicit API base URL from the options, without trailing slash. */
  apiUrl?: string;
  /** API port used with the page's own host when the site server does not say. */
  apiPort: number;
  /** Site path of the JSON the server entry serves with the live API port. */
  runtimeConfigPath: string;
  /** Site path the exported PDFs are served under: the site root, the same for every locale. */
  documentsPath: string;
  /** Site path of the exported PDFs page, baseUrl included; absent when turned off. */
  exportsPagePath?: string;
};

/**
 * The site's root path from a locale's baseUrl: Docusaurus serves a locale
 * other than the default under `<baseUrl><locale>/`, while the server entry
 * serves the API's runtime config and the PDFs once, at the root.
 */
export function siteRootPath(localeBaseUrl: string, currentLocale: string, defaultLocale: string): string {
  const suffix = `${currentLocale}/`;
  return currentLocale !== defaultLocale && localeBaseUrl.endsWith(`/${suffix}`)
    ? localeBaseUrl.slice(0, -suffix.length)
    : localeBaseUrl;
}

/** The exports page's path under the site's baseUrl. */
export function exportsPagePath(baseUrl: string, page: string | false): string | undefined {
  return page === false ? undefined : baseUrl.replace(/\/+$/, '') + page;
}

/** Served by the server entry's site server under the site's baseUrl. */
export const RUNTIME_CONFIG_FILE = '__export-pdf/api.json';
