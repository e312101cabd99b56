import {normalizePath} from '../assemble/book-layout';
import {MARKER} from '../shared/markers';

/** What pointing a part's links inside the book takes, made once for the whole book (assemble.ts). */
export type BookLinks = {
  /** Site path (normalized by book-layout.ts normalizePath) → the key of the chapter printed from it. */
  chapterKeys: Record<string, string>;
  /** `<chapter key>--<id>` of every element of the book a link may point at. */
  knownIds: ReadonlySet<string>;
  /** The site's public URL: a same-site link to a page the book leaves out goes there. */
  publicOrigin: string;
};

/** Where each marked link of a part goes, by linkKey: `MARKER` + a target id in the book, or a URL on the public site. */
export type PartHrefs = Record<string, string>;

/** A marked link's entry in PartHrefs: its path, query and hash as capture marked them (capture/page/mark-links.ts). */
export function linkKey(path: string, hash: string, search = ''): string {
  return `${path}${search}#${hash}`;
}

const ENTITIES: Record<string, string> = {'&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'", '&nbsp;': '\u00a0'};
const unescape = (value: string) => value.replace(/&(?:amp|quot|lt|gt|#39|nbsp);/g, (entity) => ENTITIES[entity]!);

/** An `<a>` opening tag, its double-quoted attribute values allowed to hold `>` (an older Chromium writes it unescaped). */
const LINK_TAG = /<a\b(?:[^>"]|"[^"]*")*>/g;

/**
 * Where each marked link of a part's HTML goes: to its heading's id when the book holds it,
 * else to its chapter, else to the public site. Decided here, in the server, and only for the
 * part's own links: the part's print (render/page/book-links.ts linkBookPart) and its print cache
 * key depend on these, not on the whole book's tables, which at 3,000 docs were 1.5 MB of
 * JSON sent to every part's tab.
 */
export function partHrefs(html: string, links: BookLinks): PartHrefs {
  const hrefs: PartHrefs = {};
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const marked = /\sdata-export-path="([^"]*)"/.exec(tag);
    if (!marked) continue;
    const path = unescape(marked[1]!);
    const hash = unescape(/\sdata-export-hash="([^"]*)"/.exec(tag)?.[1] ?? '');
    const search = unescape(/\sdata-export-search="([^"]*)"/.exec(tag)?.[1] ?? '');
    const key = links.chapterKeys[normalizePath(path)];
    if (key === undefined) {
      hrefs[linkKey(path, hash, search)] = links.publicOrigin + path + search + (hash ? `#${encodeURIComponent(hash)}` : '');
    } else {
      const id = hash && links.knownIds.has(`${key}--${hash}`) ? `${key}--${hash}` : key;
      hrefs[linkKey(path, hash, search)] = MARKER + encodeURIComponent(id);
    }
  }
  return hrefs;
}
