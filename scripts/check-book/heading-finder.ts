import {search, type BookMap, type ChapterPlace, type TextPosition} from './book-map';
import type {Segment} from './text-lines';
import {THRESHOLDS} from './thresholds';
import {textKey} from './text-normal';

/**
 * Finds headings of chapters in order: each search starts after the heading found before it in
 * the same chapter, so two headings with one text resolve to their own lines. `levels` are the
 * heading levels asked for (the TOC's, the outline's): a heading of another level with the same
 * text before the one asked for ("Platforms", an h4 above the method "platforms") is passed over.
 */
export class HeadingFinder {
  readonly #cursors = new Map<string, TextPosition>();
  /** Per chapter, the index of the next article heading. */
  readonly #next = new Map<string, number>();

  constructor(
    private readonly map: BookMap,
    private readonly levels: readonly number[],
  ) {}

  /** The heading's page and line within the chapter (after its title), or undefined when it does not print there. */
  find(chapterKey: string, title: string): {page: number; segment: Segment} | undefined {
    const place = this.map.byKey.get(chapterKey);
    if (place?.start === undefined || place.end === undefined) return undefined;
    const key = textKey(title);
    const headings = place.expected.article.headings;
    const next = this.#next.get(chapterKey) ?? 0;
    const index = headings.findIndex((heading, at) => at >= next && this.levels.includes(heading.level) && textKey(heading.text) === key);
    const passOver = index < 0 ? 0 : headings.slice(next, index).filter((heading) => textKey(heading.text) === key).length;
    if (index >= 0) this.#next.set(chapterKey, index + 1);
    let found: {page: number; segment: Segment} | undefined;
    for (let skip = 0; skip <= passOver; skip++) found = this.#search(chapterKey, place, key) ?? found;
    return found;
  }

  /** Starts the chapter's headings over: a doc the sidebar lists twice has its headings under each entry. */
  restart(chapterKey: string): void {
    this.#cursors.delete(chapterKey);
    this.#next.delete(chapterKey);
  }

  #search(chapterKey: string, place: ChapterPlace, key: string): {page: number; segment: Segment} | undefined {
    // An h2 may repeat the title ("Supervisor development" under that h1): the title line is not it.
    const from = this.#cursors.get(chapterKey) ?? place.afterTitle ?? {page: place.start!, segment: 0};
    const sized = this.map.bodySize * THRESHOLDS.headingSizeRatio;
    const at = search(this.map.content, key, sized, from, place.end!) ?? search(this.map.content, key, 0, from, place.end!);
    if (!at) return undefined;
    this.#cursors.set(chapterKey, {page: at.page, segment: at.end});
    return {page: at.page, segment: this.map.content[at.page]![at.segment]!};
  }
}
