// Pure decisions about the book's layout, kept apart from the browser so they can be unit-tested.
import type {BookNode, Chapter} from '../../book-plan';
import type {TocEntry} from './book-html';
import type {CapturedPage} from '../capture/page/capture-page';
import type {OutlineEntry} from '../merge/merge-book';
import {TOC_TARGET} from '../shared/markers';

/**
 * Splits the chapters into parts printed in parallel. Each part is a separate
 * print, so there are at least as many as tabs; past that, a part holds about
 * `partBytes` of HTML, because one print's time grows faster than its size.
 */
export function splitIntoParts<T extends {html: string}>(chapters: T[], tabs: number, partBytes: number): T[][] {
  const total = chapters.reduce((sum, chapter) => sum + chapter.html.length, 0);
  const count = Math.min(chapters.length, Math.max(tabs, Math.ceil(total / partBytes)));
  const share = total / count;
  const parts: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const chapter of chapters) {
    const remainingParts = count - parts.length - 1;
    if (current.length > 0 && size + chapter.html.length / 2 > share && remainingParts > 0) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(chapter);
    size += chapter.html.length;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** Ids that get a named destination: chapters, headings, and whatever a link points at. */
export function destinationIds(chapters: Chapter[], pages: Map<string, CapturedPage>): Set<string> {
  const keyOfPath = chapterKeysByPath(chapters);
  const ids = new Set<string>();
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

export function normalizePath(path: string): string {
  try {
    return decodeURI(path).replace(/\/+$/, '') || '/';
  } catch {
    return path;
  }
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
        target: node.chapterKey,
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
    for (const heading of pages.get(key)?.headings ?? []) {
      const entry = {title: heading.text, target: heading.id, open: false, children: []};
      const parent = entries[entries.length - 1];
      if (heading.level === 3 && parent) parent.children.push(entry);
      else entries.push(entry);
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
          target: node.chapterKey,
          open: isCategory,
          children: isCategory ? walk(node.children) : headingsOf(node.chapterKey),
        },
      ];
    });
  const toc = tocTitle ? [{title: tocTitle, target: TOC_TARGET, open: false, children: []}] : [];
  return [...toc, ...walk(nodes)];
}
