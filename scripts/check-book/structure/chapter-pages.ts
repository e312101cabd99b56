import type {BookMap, ChapterPlace} from '../book-map';
import type {BookTags, ReadElement} from './book-tags';

/** The chapter a page belongs to: the last found chapter starting at or before it. */
export function chapterOfPage(map: BookMap): (page: number | undefined) => ChapterPlace | undefined {
  const found = map.chapters.filter((place) => place.state === 'found' && place.start !== undefined).sort((a, b) => a.start! - b.start!);
  return (page) => {
    if (page === undefined) return undefined;
    let match: ChapterPlace | undefined;
    for (const place of found) {
      if (place.start! > page) break;
      match = place;
    }
    return match;
  };
}

/** The elements of the content: not the table of contents (a TOC element and what it holds, and the part it is in). */
export function contentElements(tags: BookTags): ReadElement[] {
  const out: ReadElement[] = [];
  let skipBelow = -1;
  tags.elements.forEach((entry, index) => {
    if (skipBelow >= 0 && entry.depth > skipBelow) return;
    skipBelow = -1;
    const holdsToc =
      entry.type === 'Part' &&
      tags.elements.slice(index + 1).find((next) => next.depth <= entry.depth || next.type === 'TOC')?.type === 'TOC';
    if (entry.type === 'TOC' || holdsToc) {
      skipBelow = entry.depth;
      return;
    }
    out.push(entry);
  });
  return out;
}

/** A heading element's level (H1–H6), or undefined. */
export const headingLevel = (type: string): number | undefined => (/^H[1-6]$/.test(type) ? Number(type.slice(1)) : undefined);

/** A short quote for a finding. */
export const quoted = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text);
