/**
 * The site's root path from a locale's baseUrl: Docusaurus serves a locale
 * other than the default under `<baseUrl><locale>/`, while the server entry
 * serves the API's runtime config and the PDFs once, at the root.
 */
export function siteRootPath(localeBaseUrl: string, currentLocale: string, defaultLocale: string): string {
  const suffix = `${currentLocale}/`;
  return currentLocale !== defaultLocale && localeBaseUrl.endsWith(`/${suffix}`) ? localeBaseUrl.slice(0, -suffix.length) : localeBaseUrl;
}

/** The exports page's path under the site's baseUrl. */
export function exportsPagePath(baseUrl: string, page: string | false): string | undefined {
  return page === false ? undefined : baseUrl.replace(/\/+$/, '') + page;
}
