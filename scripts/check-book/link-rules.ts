/** The engine's stand-in host for "a destination in this book" (server/export/native/shared/markers.ts). */
export const MARKER_HOST = 'docusaurus-export-pdf.invalid';

/** Why a link's URI leaves the book although it should not; undefined when it may leave. */
export type Leak =
  /** The engine's marker URL was never resolved. */
  | 'marker'
  /** A server only the exporting machine could reach: localhost, a private address, a relative or file URL. */
  | 'non-public'
  /** The site's public URL of a page this book holds. */
  | 'own-page';

/** A site path in comparable form: decoded, without `.html`, `/index` or a trailing slash. */
export function comparablePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // Keep the raw path.
  }
  return (
    path
      .replace(/\.html$/, '')
      .replace(/\/index$/, '')
      .replace(/\/+$/, '') || '/'
  );
}

function isPrivateIpv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** A host the public cannot reach: loopback, private, link-local, single-label or reserved names. */
export function isNonPublicHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/\.(local|internal|lan|home|test|invalid|example)$/.test(host)) return true;
  if (host.includes(':'))
    return host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:');
  if (isPrivateIpv4(host)) return true;
  return !host.includes('.');
}

/**
 * Judges a link annotation's URI. `siteUrl` is the site's public origin; `bookPaths` the
 * comparable paths (see comparablePath) of every page the book holds, baseUrl included.
 */
export function leakOf(uri: string, siteUrl: string, bookPaths: ReadonlySet<string>): Leak | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'non-public';
  }
  if (url.hostname.toLowerCase() === MARKER_HOST) return 'marker';
  if (url.protocol === 'file:') return 'non-public';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  let site: URL | undefined;
  try {
    site = new URL(siteUrl);
  } catch {
    site = undefined;
  }
  if (site && url.host.toLowerCase() === site.host.toLowerCase() && bookPaths.has(comparablePath(url.pathname))) return 'own-page';
  if (isNonPublicHost(url.hostname)) return 'non-public';
  return undefined;
}

/** A URL in the form Chromium writes it into the PDF; undefined for a relative or broken one. */
function absoluteUrl(href: string): string | undefined {
  try {
    return new URL(href).href;
  } catch {
    return undefined;
  }
}

/**
 * The absolute URLs an article links to as its authors wrote them ("open http://localhost:8123/
 * on your own machine"), in the form the PDF holds them. A non-public link among them is the
 * authors' and stays; one the engine made (to its capture server) is not among them.
 */
export function authoredUrls(hrefs: readonly string[]): Set<string> {
  return new Set(hrefs.flatMap((href) => absoluteUrl(href) ?? []));
}

/** Whether a link's URI is one of the authored URLs (see authoredUrls). */
export function isAuthored(uri: string, authored: ReadonlySet<string>): boolean {
  const url = absoluteUrl(uri);
  return url !== undefined && authored.has(url);
}
