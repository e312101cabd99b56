// Pure decisions about the book's layout, kept apart from the browser so they can be unit-tested.
import type {BookNode, BookPart, Chapter} from '../../book-plan';
import type {TocEntry} from './book-html';
import type {CapturedPage} from '../capture/page/capture-page';
import type {OutlineEntry} from '../merge/book-navigation';
import {fnv1a} from '../shared/fnv1a';
import {TOC_TARGET} from '../shared/markers';

/**
 * Splits the chapters into parts printed in parallel. Each part is a separate print, so a book
 * of less than `tabs` × `partBytes` of HTML is cut into `tabs` parts of about the same size.
 * A larger one is cut into parts of about `partBytes`, at places that an edit elsewhere does
 * not move, so that the print cache (print-cache/) finds every part the edit left alone: a part
 * ends after a chapter whose key hashes to a cut once it holds 3/4 of `partBytes`, or before a
 * chapter that would take it past 3/2. An edit moves the cuts of its own part at most, and of
 * the next parts only until a cut that both layouts reach.
 */
export function splitIntoParts<T extends {key: string; html: string}>(chapters: T[], tabs: number, partBytes: number): T[][] {
  const total = chapters.reduce((sum, chapter) => sum + chapter.html.length, 0);
  if (total <= tabs * partBytes) return balancedParts(chapters, Math.min(chapters.length, tabs));
  const parts: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const chapter of chapters) {
    if (current.length > 0 && size + chapter.html.length > partBytes * 1.5) {
      parts.push(current);
      [current, size] = [[], 0];
    }
    current.push(chapter);
    size += chapter.html.length;
    if (size >= partBytes * 0.75 && cutsAfter(chapter.key)) {
      parts.push(current);
      [current, size] = [[], 0];
    }
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** One chapter in four, by its key (FNV-1a): the same chapters whatever their sizes. */
function cutsAfter(key: string): boolean {
  return fnv1a(key) % 4 === 0;
}

/** `count` parts of about the same size, in order. */
function balancedParts<T extends {html: string}>(chapters: T[], count: number): T[][] {
  const share = chapters.reduce((sum, chapter) => sum + chapter.html.length, 0) / count;
  const parts: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const chapter of chapters) {
    const remainingParts = count - parts.length - 1;
    if (current.length > 0 && size + chapter.html.length / 2 > share && remainingParts > 0) {
      parts.push(current);
      [current, size] = [[], 0];
    }
    current.push(chapter);
    size += chapter.html.length;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** Ids that get a named destination: part pages, chapters, headings, and whatever a link points at. */
export function destinationIds(chapters: Chapter[], pages: Map<string, CapturedPage>, parts: BookPart[] = []): Set<string> {
  const keyOfPath = chapterKeysByPath(chapters);
  const ids = new Set<string>(parts.map((part) => part.key));
  for (const chapter of chapters) {
    const page = pages.get(chapter.key);
    ids.add(chapter.key);
    for (const heading of page?.headings ?? []) ids.add(heading.id);
    for (const target of page?.targets ?? []) {
      const [path, hash] = splitTarget(target);
      const key = keyOfPath[normalizePath(path)];
      if (key !== undefined && hash) ids.add(`${key}--${hash}`);
    }
  }
  return ids;
}

function splitTarget(target: string): [string, string] {
  const at = target.indexOf('#');
  return at < 0 ? [target, ''] : [target.slice(0, at), target.slice(at + 1)];
}

/**
 * A site path as a key of the page it opens: decoded, without a trailing slash, `.html` or a
 * final `/index`, which static hosts serve as the same page (a link to `/docs/java/index` opens
 * the doc whose permalink is `/docs/java/`; it left the book).
 */
export function normalizePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape: the path as written.
  }
  return (
    decoded
      .replace(/\.html$/, '')
      .replace(/\/index$/, '')
      .replace(/\/+$/, '') || '/'
  );
}

/** Site path (normalized as in the page) → chapter key. */
export function chapterKeysByPath(chapters: Chapter[]): Record<string, string> {
  return Object.fromEntries(chapters.map((chapter) => [normalizePath(chapter.permalink), chapter.key]));
}

/** The TOC mirrors the sidebar: categories, pages, and each page's h2 headings. */
export function tocEntries(nodes: BookNode[], pages: Map<string, CapturedPage>): TocEntry[] {
  return nodes.flatMap((node): TocEntry[] => {
    if (!node.chapterKey) return [];
    const headings = node.children.length === 0 ? (pages.get(node.chapterKey)?.headings ?? []) : [];
    return [
      {
        title: node.title,
        target: node.partKey ?? node.chapterKey,
        kind: node.children.length > 0 ? 'category' : 'doc',
        children: [
          ...headings
            .filter((heading) => heading.level === 2)
            .map((heading): TocEntry => ({title: heading.text, target: heading.id, kind: 'heading', children: []})),
          ...tocEntries(node.children, pages),
        ],
      },
    ];
  });
}

/** The outline mirrors the sidebar down to h3: categories open, pages closed. */
export function outlineEntries(nodes: BookNode[], pages: Map<string, CapturedPage>, tocTitle?: string): OutlineEntry[] {
  const headingsOf = (key: string): OutlineEntry[] => {
    const entries: OutlineEntry[] = [];
    // An h3 goes under the h2 before it; one with no h2 before it (a reference of h3s alone) is a
    // sibling of the h3s around it, not a child of the first.
    let section: OutlineEntry | undefined;
    for (const heading of pages.get(key)?.headings ?? []) {
      const entry = {title: heading.text, target: heading.id, open: false, children: []};
      if (heading.level === 3 && section) section.children.push(entry);
      else entries.push(entry);
      if (heading.level !== 3) section = entry;
    }
    return entries;
  };
  const walk = (items: BookNode[]): OutlineEntry[] =>
    items.flatMap((node): OutlineEntry[] => {
      if (!node.chapterKey) return [];
      const isCategory = node.children.length > 0;
      return [
        {
          title: node.title,
          target: node.partKey ?? node.chapterKey,
          open: isCategory,
          children: isCategory ? walk(node.children) : headingsOf(node.chapterKey),
        },
      ];
    });
  const toc = tocTitle ? [{title: tocTitle, target: TOC_TARGET, open: false, children: []}] : [];
  return [...toc, ...walk(nodes)];
}
