import type {BookNode} from '../../server/export/book-plan';
import {textKey} from './text-normal';

/** What an entry of the TOC or the outline stands for. */
export type EntryTarget =
  | {kind: 'toc'}
  /** A sidebar item: a doc, or a category (which opens its own page, its part page or its first doc). */
  | {kind: 'chapter'; chapterKey: string; label: string; partKey?: string}
  /** A heading of a chapter. */
  | {kind: 'heading'; chapterKey: string}
  | {kind: 'unknown'};

type FlatNode = {key: string; label: string; chapterKey: string; partKey?: string; opensOwnPage: boolean; isLeaf: boolean};

function firstChapter(node: BookNode): string | undefined {
  const child = node.children[0];
  return child ? (child.chapterKey ?? firstChapter(child)) : undefined;
}

function flatten(nodes: BookNode[], out: FlatNode[] = []): FlatNode[] {
  for (const node of nodes) {
    if (node.chapterKey) {
      // A category without a page of its own opens its first doc; headings never follow it.
      const opensOwnPage = node.children.length === 0 || node.chapterKey !== firstChapter(node);
      out.push({
        key: textKey(node.title),
        label: node.title,
        chapterKey: node.chapterKey,
        partKey: node.partKey,
        opensOwnPage,
        isLeaf: node.children.length === 0,
      });
    }
    flatten(node.children, out);
  }
  return out;
}

/** How far ahead of the next sidebar item an entry may match one (items left out of the book). */
const LOOKAHEAD = 3;

/**
 * Tells, entry by entry in reading order (TOC top to bottom, outline depth first), what each
 * stands for. Both mirror the sidebar: an entry whose text is the next sidebar label is that
 * item; any other entry after a page is one of that page's headings. `headings` are each
 * chapter's heading texts in order (by chapter key): after a doc, whose entries can only be its
 * headings, an entry that is its next heading is that heading although a sidebar item ahead has
 * the same label (a "Config flow" section of the manifest page before the "Config flow" doc).
 */
export class EntryMatcher {
  readonly #nodes: FlatNode[];
  readonly #tocKey?: string;
  readonly #headings: ReadonlyMap<string, string[]>;
  readonly #matched = new Set<number>();
  #next = 0;
  #chapter?: FlatNode;
  /** Index of the current chapter's next heading. */
  #heading = 0;
  #tocSeen = false;

  constructor(nodes: BookNode[], tocTitle?: string, headings: ReadonlyMap<string, readonly string[]> = new Map()) {
    this.#nodes = flatten(nodes);
    this.#tocKey = tocTitle === undefined ? undefined : textKey(tocTitle);
    this.#headings = new Map([...headings].map(([chapterKey, texts]) => [chapterKey, texts.map(textKey)]));
  }

  /**
   * What the next entry, with this text, stands for. `underChapter`, where the entries nest (the
   * outline), says whether the entry is nested under the current chapter's entry: only then can
   * it be one of its headings.
   */
  next(title: string, underChapter?: boolean): EntryTarget {
    const key = textKey(title);
    if (!this.#tocSeen && this.#next === 0 && this.#tocKey !== undefined && key === this.#tocKey) {
      this.#tocSeen = true;
      return {kind: 'toc'};
    }
    const chapter = this.#chapter;
    if (chapter?.isLeaf && underChapter !== false) {
      const heading = this.#headings.get(chapter.chapterKey)?.indexOf(key, this.#heading) ?? -1;
      if (heading >= 0) {
        this.#heading = heading + 1;
        return {kind: 'heading', chapterKey: chapter.chapterKey};
      }
    }
    for (let index = this.#next; index < Math.min(this.#nodes.length, this.#next + LOOKAHEAD); index++) {
      const node = this.#nodes[index]!;
      if (node.key !== key) continue;
      this.#matched.add(index);
      this.#next = index + 1;
      this.#chapter = node.opensOwnPage ? node : undefined;
      this.#heading = 0;
      return {kind: 'chapter', chapterKey: node.chapterKey, label: node.label, partKey: node.partKey};
    }
    return chapter ? {kind: 'heading', chapterKey: chapter.chapterKey} : {kind: 'unknown'};
  }

  /** Sidebar items no entry stood for. */
  unmatched(): Array<{label: string; chapterKey: string}> {
    return this.#nodes.filter((_, index) => !this.#matched.has(index)).map(({label, chapterKey}) => ({label, chapterKey}));
  }
}

/**
 * Each chapter's heading texts of these levels, by chapter key, as EntryMatcher takes them: the
 * TOC lists h2 headings, the outline h2 and h3.
 */
export function headingsByChapter(
  chapters: ReadonlyArray<{chapter: {key: string}; article: {headings: ReadonlyArray<{level: number; text: string}>}}>,
  levels: readonly number[],
): Map<string, string[]> {
  return new Map(
    chapters.map((expected) => [
      expected.chapter.key,
      expected.article.headings.filter((heading) => levels.includes(heading.level)).map((heading) => heading.text),
    ]),
  );
}
