import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {authoredUrls, comparablePath, isAuthored, leakOf, type Leak} from '../link-rules';

const WHY: Record<Leak, string> = {
  marker: "the engine's unresolved marker URL",
  'non-public': 'a server the reader cannot reach',
  'own-page': 'the site URL of a page this book holds',
};

/**
 * No link leaves the book when its target is in it: links to the marker origin, to
 * localhost or another non-public address, or to the public URL of a page of this book.
 * Links to other sites are fine, and so is a non-public link its chapter's article has as
 * written (the docs tell the reader to open http://localhost:8123/ of their own server).
 */
export function checkLinks({site, book, map}: CheckContext): CheckResult {
  const bookPaths = new Set(site.chapters.map((expected) => comparablePath(expected.chapter.permalink)));
  const authoredOn = new Map<number, Set<string>>();
  for (const place of map.chapters) {
    if (place.start === undefined || place.end === undefined) continue;
    const authored = authoredUrls(place.expected.article.hrefs);
    for (let page = place.start; page <= place.end; page++) authoredOn.set(page, authored);
  }
  const counts: Record<Leak, number> = {marker: 0, 'non-public': 0, 'own-page': 0};
  const findings: Finding[] = [];
  let links = 0;
  let internal = 0;
  let authored = 0;
  for (const page of book.pages) {
    for (const link of page.links) {
      links++;
      if (!link.uri) {
        internal++;
        continue;
      }
      const leak = leakOf(link.uri, site.manifest.siteUrl, bookPaths);
      if (!leak) continue;
      if (leak === 'non-public' && isAuthored(link.uri, authoredOn.get(page.index) ?? new Set())) {
        authored++;
        continue;
      }
      counts[leak]++;
      findings.push({page: page.index + 1, text: `${link.uri} — ${WHY[leak]}`});
    }
  }
  return resultOf(
    'links',
    `${findings.length} of ${links} links leave the book for a target in it (${counts['own-page']} site URLs of its pages, ${counts['non-public']} non-public, ${counts.marker} markers); ${internal} jump inside; ${authored} non-public links as their articles have them`,
    findings,
    {links, internal, ownPage: counts['own-page'], nonPublic: counts['non-public'], marker: counts.marker, authored},
  );
}
