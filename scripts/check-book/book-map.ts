import type {PdfMargin} from '../../contracts/options';
import type {BookPage, PdfBook} from './pdf-book';
import type {BookPart} from '../../server/export/book-plan';
import type {ExpectedChapter, SiteExpectations} from './site-expectations';
import type {Segment, TextItem} from './text-lines';
import {PT_PER_CSS_PX, THRESHOLDS} from './thresholds';
import {textKey} from './text-normal';

/** The text area of a page in PDF user space (y up): inside the margins. */
export type ContentBox = {left: number; right: number; top: number; bottom: number};

/** Where a chapter lies in the book. */
export type ChapterPlace = {
  expected: ExpectedChapter;
  /** `found` in sidebar order; `out-of-order` found before the chapter before it; `missing` nowhere. */
  state: 'found' | 'out-of-order' | 'missing';
  /** First and last page (0-based), when found. */
  start?: number;
  end?: number;
  /** The title segment (its first line), when found. */
  title?: Segment;
  /** The position after the title's last segment, when found: where its headings are looked for from. */
  afterTitle?: TextPosition;
};

/** The book's layout as the checks use it. */
export type BookMap = {
  coverPages: number;
  /** First and last page of the table of contents; absent without one. */
  toc?: {start: number; end: number; titleFound: boolean};
  /** Most common font size of the text: the body size. */
  bodySize: number;
  chapters: ChapterPlace[];
  byKey: Map<string, ChapterPlace>;
  /** Each part page found, by part key: its page (0-based) and its title's first line. */
  parts: Map<string, PartPlace>;
  /** Each page's segments outside the header and footer, in reading order. */
  content: Segment[][];
  /** Each page's text items outside the header and footer, in the order they are drawn. */
  drawn: TextItem[][];
};

/** Where a part page lies: its page (0-based) and its title's first line. */
export type PartPlace = {page: number; title: Segment};

/** A position in the book: page and segment index. */
export type TextPosition = {page: number; segment: number};

/** The content box of a page with margins in CSS px. */
export function contentBoxOf(page: {width: number; height: number}, margin: PdfMargin): ContentBox {
  return {
    left: margin.left * PT_PER_CSS_PX,
    right: page.width - margin.right * PT_PER_CSS_PX,
    top: page.height - margin.top * PT_PER_CSS_PX,
    bottom: margin.bottom * PT_PER_CSS_PX,
  };
}

/** True when a box lies wholly inside the top or bottom margin band: the running header or footer. */
export function inHeaderOrFooter(box: {top: number; bottom: number}, content: ContentBox): boolean {
  return box.bottom >= content.top || box.top <= content.bottom;
}

/** The page's segments outside the header and footer, in reading order. */
export function contentSegments(page: BookPage, margin: PdfMargin): Segment[] {
  const box = contentBoxOf(page, margin);
  return page.segments.filter((segment) => !inHeaderOrFooter(segment, box));
}

/** The page's text items outside the header and footer, in the order they are drawn. */
export function drawnItems(page: BookPage, margin: PdfMargin): TextItem[] {
  const box = contentBoxOf(page, margin);
  return page.items.filter((item) => item.str.trim() !== '' && !inHeaderOrFooter(item, box));
}

function bodySizeOf(content: Segment[][]): number {
  const weights = new Map<number, number>();
  for (const segments of content) {
    for (const segment of segments) {
      const size = Math.round(segment.size * 4) / 4;
      weights.set(size, (weights.get(size) ?? 0) + segment.key.length);
    }
  }
  let best = 10;
  let bestWeight = -1;
  for (const [size, weight] of weights) if (weight > bestWeight) [best, bestWeight] = [size, weight];
  return best;
}

/**
 * Finds a text as one segment, or as segments on consecutive lines (a wrapped title), at or after
 * `from`, printed at least `minSize`. Returns the index of its first segment and the index after
 * its last.
 */
export function findLine(segments: Segment[], key: string, minSize: number, from = 0): {start: number; end: number} | undefined {
  if (!key) return undefined;
  for (let index = from; index < segments.length; index++) {
    const first = segments[index]!;
    if (first.size < minSize || !first.key || !key.startsWith(first.key)) continue;
    let joined = first.key;
    let line = first.line;
    let end = index + 1;
    // Each further line must go on with the text. On a line already taken, a segment that goes
    // on with it is part of it (a platform badge in a heading: "accessibilityLabelledBy Android"),
    // any other (a badge beside the title) is passed over.
    while (joined.length < key.length && end < segments.length) {
      const segment = segments[end]!;
      if (segment.line === line) {
        if (segment.key && key.startsWith(joined + segment.key)) joined += segment.key;
        end++;
        continue;
      }
      if (segment.line !== line + 1 || segment.size < minSize || !key.startsWith(joined + segment.key)) break;
      line = segment.line;
      joined += segment.key;
      end++;
    }
    if (joined === key) return {start: index, end};
  }
  return undefined;
}

/** Where a text was found: the position of its first segment, and the position after its last. */
type Found = TextPosition & {end: number};

export function search(content: Segment[][], key: string, minSize: number, from: TextPosition, toPage: number): Found | undefined {
  for (let page = from.page; page <= toPage && page < content.length; page++) {
    const segments = content[page]!;
    const found = findLine(segments, key, minSize, page === from.page ? from.segment : 0);
    if (found) return {page, segment: found.start, end: found.end};
  }
  return undefined;
}

function modeOf(sizes: number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const size of sizes) counts.set(Math.round(size * 4) / 4, (counts.get(Math.round(size * 4) / 4) ?? 0) + 1);
  let best: number | undefined;
  for (const [size, count] of counts) if (best === undefined || count > counts.get(best)!) best = size;
  return best;
}

/** The first page at or after `from` whose content is the text `key` alone, in title size. */
function partPage(content: Segment[][], key: string, minSize: number, from: number): number | undefined {
  for (let page = from; page < content.length; page++) {
    const segments = content[page]!;
    if (segments[0] && segments[0].size >= minSize && segments.map((segment) => segment.key).join('') === key) return page;
  }
  return undefined;
}

function placeChapters(
  content: Segment[][],
  expected: ExpectedChapter[],
  firstContent: number,
  titleSize: number,
  parts: readonly BookPart[] = [],
  partPages = new Map<string, PartPlace>(),
  partSize = titleSize,
): ChapterPlace[] {
  const chapters: ChapterPlace[] = [];
  let cursor: TextPosition = {page: firstContent, segment: 0};
  for (const chapter of expected) {
    // A part page before its chapter holds the part's title alone: found first, so that a chapter
    // titled as its part ("Guides" under "Guides") is not taken for it.
    for (const part of parts) {
      if (part.chapterKey !== chapter.chapter.key) continue;
      const page = partPage(content, textKey(part.title), partSize, cursor.page);
      if (page === undefined) continue;
      partPages.set(part.key, {page, title: content[page]![0]!});
      cursor = {page, segment: content[page]!.length};
    }
    const key = textKey(chapter.title);
    const at = search(content, key, titleSize, cursor, content.length - 1);
    if (at) {
      const afterTitle = {page: at.page, segment: at.end};
      chapters.push({expected: chapter, state: 'found', start: at.page, title: content[at.page]![at.segment], afterTitle});
      cursor = afterTitle;
      continue;
    }
    const earlier = search(content, key, titleSize, {page: firstContent, segment: 0}, cursor.page);
    chapters.push(
      earlier
        ? {
            expected: chapter,
            state: 'out-of-order',
            start: earlier.page,
            title: content[earlier.page]![earlier.segment],
            afterTitle: {page: earlier.page, segment: earlier.end},
          }
        : {expected: chapter, state: 'missing'},
    );
  }
  return chapters;
}

/**
 * Places every expected chapter: its title (the article's h1) printed as a line of its own, in
 * title size, on the first page at or after the previous chapter's title. A chapter not found
 * there but earlier in the book is out of order; one not found at all is missing.
 */
export function mapBook(book: PdfBook, site: SiteExpectations): BookMap {
  const content = book.pages.map((page) => contentSegments(page, site.options.margin));
  const bodySize = bodySizeOf(content);
  const titleSize = bodySize * THRESHOLDS.titleSizeRatio;
  const coverPages = site.options.disableCover ? 0 : Math.min(1, book.pageCount);
  let toc: BookMap['toc'];
  let firstContent = coverPages;
  if (!site.options.disableToc) {
    const found = search(content, textKey(site.tocTitle), titleSize, {page: coverPages, segment: 0}, coverPages + 2);
    const start = found?.page ?? coverPages;
    toc = {start, end: start, titleFound: found !== undefined};
    firstContent = start + 1;
  }

  let parts = new Map<string, PartPlace>();
  let chapters = placeChapters(content, site.chapters, firstContent, titleSize, site.parts, parts);
  // Titles are h1s: once most are found, anything much smaller that matched was an h2 (a card
  // on a category page that names the next doc), so search again at the h1 size.
  const h1 = modeOf(chapters.flatMap((place) => (place.title ? [place.title.size] : [])));
  if (h1 !== undefined && h1 * 0.9 > titleSize) {
    parts = new Map();
    chapters = placeChapters(content, site.chapters, firstContent, h1 * 0.9, site.parts, parts, titleSize);
  }

  // A part page ends the chapter before it.
  const starts = [
    ...new Set([
      ...chapters.flatMap((place) => (place.start === undefined ? [] : [place.start])),
      ...[...parts.values()].map((part) => part.page),
    ]),
  ].sort((a, b) => a - b);
  for (const place of chapters) {
    if (place.start === undefined) continue;
    const next = starts.find((start) => start > place.start!);
    place.end = next === undefined ? book.pageCount - 1 : next - 1;
  }
  if (toc) {
    const first = starts.find((start) => start > toc!.start);
    toc.end = first === undefined ? toc.start : Math.max(toc.start, first - 1);
  }
  const drawn = book.pages.map((page) => drawnItems(page, site.options.margin));
  return {
    coverPages,
    toc,
    bodySize,
    chapters,
    byKey: new Map(chapters.map((place) => [place.expected.chapter.key, place])),
    parts,
    content,
    drawn,
  };
}

/** The content segments of a chapter's pages, each with its page index, in reading order. */
export function chapterSegments(map: BookMap, place: ChapterPlace): Array<{page: number; segment: Segment}> {
  if (place.start === undefined || place.end === undefined) return [];
  const out: Array<{page: number; segment: Segment}> = [];
  for (let page = place.start; page <= place.end; page++) {
    for (const segment of map.content[page]!) out.push({page, segment});
  }
  return out;
}
