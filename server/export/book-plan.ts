import {firstPage, type OutlineCategory, type OutlineDoc, type OutlineItem, type OutlineVersion} from '../../contracts/outline';

/** Part of a docs version an export may be narrowed to. */
export type Subset = {kind: 'category'; category: OutlineCategory; startPath: string} | {kind: 'doc'; doc: OutlineDoc; startPath: string};

/** One page of the site that becomes one chapter of the PDF. */
export type Chapter = {
  /** Stable id of the chapter in the PDF: the doc id, or `index:<permalink>` for a generated index. */
  key: string;
  /** Title of the page, printed in the page header. */
  title: string;
  /** Site path of the page, baseUrl included. */
  permalink: string;
  /** Mermaid diagrams the page renders in the browser. */
  mermaidDiagrams: number;
  /** The page has content only a browser renders; its built HTML is not enough. */
  rendersInBrowser: boolean;
  /**
   * The page's kind (the outline's `components`, joined): capture renders one page of a kind in a
   * browser to learn whether the build holds what the kind's pages show. Undefined when unknown.
   */
  kind?: string;
};

/** The kind of a page from what it is made of: plain Markdown is the kind ''. */
export function pageKind(components: string[] | undefined): string | undefined {
  return components?.join(' ');
}

/** A manifest written by an older plugin has no `rendersInBrowser`: such a page is taken as rendering in the browser. */
function docChapter(doc: OutlineDoc): Chapter {
  return {
    key: doc.id,
    title: doc.title,
    permalink: doc.permalink,
    mermaidDiagrams: doc.mermaidDiagrams,
    rendersInBrowser: doc.rendersInBrowser ?? true,
    kind: pageKind(doc.components),
  };
}

/** An entry of the TOC and the PDF outline; mirrors the sidebar. */
export type BookNode = {
  /** Sidebar label. */
  title: string;
  /** Key of the chapter this entry opens; a category without a page opens its first child. */
  chapterKey?: string;
  /** Key of the part page this entry opens instead of its first chapter (see BookPart). */
  partKey?: string;
  children: BookNode[];
};

/**
 * A page of its own with a title, printed before the first chapter of a part of the book: a
 * top-level sidebar category without a page of its own, and each sidebar after the first, which
 * would otherwise show only in the TOC and the bookmarks.
 */
export type BookPart = {
  /** Its named destination in the book: `part:<chapter key>`, which no doc id or generated index key can be. */
  key: string;
  title: string;
  /** Key of the chapter it prints before. */
  chapterKey: string;
};

export type BookPlan = {
  /** Every page in sidebar order, each once. */
  chapters: Chapter[];
  /** The sidebar tree of the exported pages. */
  nodes: BookNode[];
  /** Part pages in book order; parts that open the same chapter print in this order. */
  parts: BookPart[];
};

/** How a book is planned beyond what the outline says. */
export type PlanOptions = {
  /** No part pages (the plugin's `disableParts`). */
  disableParts?: boolean;
};

function sidebarItems(version: OutlineVersion): OutlineItem[] {
  return Object.values(version.sidebars).flat();
}

/**
 * The title of a sidebar's part: the label of the navbar item that opens it, else its name in
 * words (`apiSidebar` → "Api", `guides_sidebar` → "Guides").
 */
export function sidebarTitle(version: OutlineVersion, name: string): string {
  const label = version.sidebarLabels?.[name];
  if (label) return label;
  const words = name
    .replace(/[-_ ]?sidebar$/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim();
  const text = words || name;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function findCategory(items: OutlineItem[], label: string): OutlineCategory | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.label === label) return item;
    const nested = findCategory(item.items, label);
    if (nested) return nested;
  }
  return undefined;
}

function findDoc(items: OutlineItem[], id: string): OutlineDoc | undefined {
  for (const item of items) {
    if (item.type === 'doc' && item.id === id) return item;
    if (item.type === 'category') {
      const nested = findDoc(item.items, id);
      if (nested) return nested;
    }
  }
  return undefined;
}

/** The part of a version a request may ask for (see ExportSelection in export-target.ts). */
export type SubsetSelection = {
  /** Label of a sidebar category: only its pages are exported. */
  category?: string;
  /** Id of a doc (`guides/configuration`): only that doc is exported. */
  doc?: string;
};

/**
 * The subset a selection names: undefined when it names none, null when the
 * category label or doc id is not in the version.
 */
export function findSubset(version: OutlineVersion, selection: SubsetSelection): Subset | undefined | null {
  const items = sidebarItems(version);
  if (selection.category !== undefined) {
    const category = findCategory(items, selection.category);
    const startPath = category && (category.page?.permalink ?? firstPage(category.items));
    return category && startPath ? {kind: 'category', category, startPath} : null;
  }
  if (selection.doc !== undefined) {
    const doc = findDoc(items, selection.doc) ?? version.unlisted.find((candidate) => candidate.id === selection.doc);
    return doc ? {kind: 'doc', doc, startPath: doc.permalink} : null;
  }
  return undefined;
}

/**
 * The chapters and the TOC/outline tree of a version, or of one subset of it. A whole version's
 * book gets part pages (BookPart); a subset's does not, since its cover names what it holds.
 */
export function planBook(version: OutlineVersion, subset?: Subset, options: PlanOptions = {}): BookPlan {
  const chapters: Chapter[] = [];
  const parts: BookPart[] = [];
  const byPermalink = new Map<string, Chapter>();
  const addChapter = (chapter: Chapter): Chapter => {
    const known = byPermalink.get(chapter.permalink);
    if (known) return known;
    byPermalink.set(chapter.permalink, chapter);
    chapters.push(chapter);
    return chapter;
  };
  const withParts = !subset && !options.disableParts;
  // A part prints before the first chapter its items add; one whose chapters all printed earlier (a
  // doc two sidebars list) has nowhere to print, and its entry opens its first chapter as before.
  const inPart = (title: string, makeNodes: () => BookNode[]): {nodes: BookNode[]; part?: BookPart} => {
    const part: BookPart = {key: '', title, chapterKey: ''};
    parts.push(part);
    const before = chapters.length;
    const nodes = makeNodes();
    if (chapters.length === before) {
      parts.splice(parts.indexOf(part), 1);
      return {nodes};
    }
    part.chapterKey = chapters[before]!.key;
    // Named after its chapter, not its place, so that a part added earlier in the sidebar leaves
    // the others' pages as they were printed (print-cache/); a sidebar's part and its first
    // category's open the same chapter, and the outer one, named last, takes `~2`.
    const taken = new Set(parts.map((other) => other.key));
    part.key = taken.has(`part:${part.chapterKey}`) ? `part:${part.chapterKey}~2` : `part:${part.chapterKey}`;
    return {nodes, part};
  };

  const toNodes = (items: OutlineItem[], topLevel: boolean): BookNode[] =>
    items.flatMap((item): BookNode[] => {
      if (item.type === 'doc') {
        const chapter = addChapter(docChapter(item));
        return [{title: item.label, chapterKey: chapter.key, children: []}];
      }
      if (item.type === 'category') {
        const page = item.page;
        const chapter =
          page &&
          addChapter({
            key: page.docId ?? `index:${page.permalink}`,
            title: page.title,
            permalink: page.permalink,
            mermaidDiagrams: page.mermaidDiagrams ?? 0,
            rendersInBrowser: page.rendersInBrowser ?? true,
            kind: pageKind(page.components),
          });
        const {nodes: children, part} =
          !chapter && topLevel && withParts ? inPart(item.label, () => toNodes(item.items, false)) : {nodes: toNodes(item.items, false)};
        const chapterKey = chapter?.key ?? children.find((child) => child.chapterKey)?.chapterKey;
        return chapterKey || children.length ? [{title: item.label, chapterKey, partKey: part?.key, children}] : [];
      }
      return [];
    });

  let nodes: BookNode[];
  if (subset) nodes = toNodes([subset.kind === 'category' ? subset.category : subset.doc], false);
  else {
    nodes = [];
    for (const [name, items] of Object.entries(version.sidebars)) {
      // The first sidebar with pages opens the book; each one after it is a part of its own.
      if (!withParts || chapters.length === 0) {
        nodes.push(...toNodes(items, true));
        continue;
      }
      const title = sidebarTitle(version, name);
      const {nodes: children, part} = inPart(title, () => toNodes(items, true));
      if (!part) {
        nodes.push(...children);
        continue;
      }
      // A sidebar that opens with a category of its own title ("APIs" in "APIs") prints one part page for both.
      const first = children[0];
      if (first?.partKey && first.title.trim().toLowerCase() === title.trim().toLowerCase()) {
        parts.splice(
          parts.findIndex((one) => one.key === first.partKey),
          1,
        );
        first.partKey = part.key;
      }
      nodes.push({title, chapterKey: part.chapterKey, partKey: part.key, children});
    }
  }
  if (chapters.length === 0 && !subset) {
    for (const doc of version.unlisted) {
      nodes.push({title: doc.label, chapterKey: addChapter(docChapter(doc)).key, children: []});
    }
  }
  return {chapters, nodes, parts};
}
