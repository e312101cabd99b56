// Run inside Chromium (see page-lib.ts): at capture, the links of a page that point into the site.

/**
 * At capture: marks every link to the site with its path, query and fragment, so that
 * the book part can point it inside the PDF. A link to the site's public URL
 * (`publicBase`: the config's `url` + `baseUrl`) is a link to the site too:
 * docs often link to themselves that way. Returns the marked `path#fragment` targets.
 */
export function markLinks(root: Element, pageUrl: string, publicBase: string): string[] {
  const page = new URL(pageUrl);
  let base: URL | undefined;
  try {
    base = new URL(publicBase);
  } catch {
    base = undefined;
  }
  const targets: string[] = [];
  for (const link of root.querySelectorAll('a[href]')) {
    let url: URL;
    try {
      url = new URL(link.getAttribute('href')!, page);
    } catch {
      continue;
    }
    if (base && url.origin !== page.origin && url.hostname === base.hostname && url.pathname.startsWith(base.pathname)) {
      url = new URL(url.pathname + url.search + url.hash, page);
    }
    if (url.origin !== page.origin) continue;
    let hash = url.hash.slice(1);
    try {
      hash = decodeURIComponent(hash);
    } catch {
      // A malformed escape stays as written; it then matches no id and the link opens the page.
    }
    link.setAttribute('data-export-path', url.pathname);
    // A query is part of where a link goes (a demo frame's `?mode=dark`) when it leaves the book.
    if (url.search) link.setAttribute('data-export-search', url.search);
    link.setAttribute('data-export-hash', hash);
    if (hash) targets.push(`${url.pathname}#${hash}`);
    link.setAttribute('href', url.href);
  }
  return targets;
}
