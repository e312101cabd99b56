import type {BookNode} from '../../server/export/book-plan';
import {textKey} from './text-normal';

/** What an entry of the TOC or the outline stands for. */
export type EntryTarget =
  | {kind: 'toc'}
  /** A sidebar item: a doc, or a category (which opens its own page or its first doc). */
  | {kind: 'chapter'; chapterKey: string; label: string}
  /** A heading of a chapter. */
  | {kind: 'heading'; chapterKey: string}
  | {kind: 'unknown'};

type FlatNode = {key: string; label: string; chapterKey: string; opensOwnPage: boolean};

function firstChapter(node: BookNode): string | undefined {
  const child = node.children[0];
  return child ? (child.chapterKey ?? firstChapter(child)) : undefined;
}

function flatten(nodes: BookNode[], out: FlatNode[] = []): FlatNode[] {
  for (const node of nodes) {
    if (node.chapterKey) {
      // A category without a page of its own opens its first doc; headings never follow it.
      const opensOwnPage = node.children.length === 0 || node.chapterKey !== firstChapter(node);
      out.push({key: textKey(node.title), label: node.title, chapterKey: node.chapterKey, opensOwnPage});
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
 * item; any other entry after a page is one of that page's headings.
 */
export class EntryMatcher {
  readonly #nodes: FlatNode[];
  readonly #tocKey?: string;
  readonly #matched = new Set<number>();
  #next = 0;
  #chapter?: string;
  #tocSeen = false;

  constructor(nodes: BookNode[], tocTitle?: string) {
    this.#nodes = flatten(nodes);
    this.#tocKey = tocTitle === undefined ? undefined : textKey(tocTitle);
  }

  /** What the next entry, with this text, stands for. */
  next(title: string): EntryTarget {
    const key = textKey(title);
    if (!this.#tocSeen && this.#next === 0 && this.#tocKey !== undefined && key === this.#tocKey) {
      this.#tocSeen = true;
      return {kind: 'toc'};
    }
    for (let index = this.#next; index < Math.min(this.#nodes.length, this.#next + LOOKAHEAD); index++) {
      const node = this.#nodes[index]!;
      if (node.key !== key) continue;
      this.#matched.add(index);
      this.#next = index + 1;
      this.#chapter = node.opensOwnPage ? node.chapterKey : undefined;
      return {kind: 'chapter', chapterKey: node.chapterKey, label: node.label};
    }
    return this.#chapter ? {kind: 'heading', chapterKey: this.#chapter} : {kind: 'unknown'};
  }

  /** Sidebar items no entry stood for. */
  unmatched(): Array<{label: string; chapterKey: string}> {
    return this.#nodes.filter((_, index) => !this.#matched.has(index)).map(({label, chapterKey}) => ({label, chapterKey}));
  }
}
