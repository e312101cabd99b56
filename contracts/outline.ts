/** The docs of a site in sidebar order, as the plugin writes them into the manifest and the server reads them. */

/** A doc, as an export lists it. */
export type OutlineDoc = {
  type: 'doc';
  /** Doc id, e.g. `guides/configuration`. */
  id: string;
  /** Label in the sidebar (sidebar_label, else the title). */
  label: string;
  /** Title of the doc page. */
  title: string;
  /** Site path of the doc, baseUrl included. */
  permalink: string;
  /**
   * Mermaid diagrams in the doc's source: they exist only once the page has
   * rendered them in a browser, so an engine waits for this many.
   */
  mermaidDiagrams: number;
  /**
   * The page has content only a browser renders (see `rendersInBrowser`), so
   * an engine captures it from the running site, not from its built HTML.
   */
  rendersInBrowser: boolean;
  /**
   * What the page is made of beyond Markdown: the modules its MDX imports and the components it
   * uses, sorted (see `pageComponents`). Pages with the same list are of one kind, which an
   * engine samples in a browser to learn whether the built HTML holds what they show. Absent
   * when the source was unreadable, or in a manifest of an older plugin.
   */
  components?: string[];
};

/** A sidebar category: its own page, if it has one, comes before its items. */
export type OutlineCategory = {
  type: 'category';
  label: string;
  /** The category's page: a doc (`link: {type: 'doc'}`) or a generated index. */
  page?: {title: string; permalink: string; docId?: string; mermaidDiagrams?: number; rendersInBrowser?: boolean; components?: string[]};
  items: OutlineItem[];
};

/** A sidebar link that leaves the docs. */
export type OutlineLink = {type: 'link'; label: string; href: string};

export type OutlineItem = OutlineDoc | OutlineCategory | OutlineLink;

/** One docs version: its sidebars in order, and the docs no sidebar lists. */
export type OutlineVersion = {
  /** `current` for the docs folder, else the version name (`2.0`). */
  name: string;
  /** Label shown on the site, e.g. `Next` or `2.0`. */
  label: string;
  /** Site path of the version root. */
  path: string;
  /** The version the site presents by default. */
  isLast: boolean;
  sidebars: Record<string, OutlineItem[]>;
  /**
   * Label of the navbar item that opens a sidebar (`docSidebar`, or `doc` with a doc of that
   * sidebar), by sidebar name: the title of its part of the book. Absent in a manifest of an
   * older plugin.
   */
  sidebarLabels?: Record<string, string>;
  unlisted: OutlineDoc[];
};

/** Every doc of one docs plugin instance, per version, in sidebar order. */
export type DocsOutline = {
  pluginId: string;
  versions: OutlineVersion[];
};

/**
 * The version an export covers by default: the one the site shows at its docs
 * root (the docs plugin's `lastVersion`), else the current one, else the first.
 */
export function defaultOutlineVersion(outline: DocsOutline): OutlineVersion | undefined {
  return (
    outline.versions.find((version) => version.isLast) ??
    outline.versions.find((version) => version.name === 'current') ??
    outline.versions[0]
  );
}

/** Site path of the first page among sidebar items: a doc, or a category's own page. */
export function firstPage(items: OutlineItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return item.permalink;
    if (item.type === 'category') {
      const found = item.page?.permalink ?? firstPage(item.items);
      if (found) return found;
    }
  }
  return undefined;
}

/** First page of the version's first sidebar, else its first doc, else its root. */
export function startPathOf(version: OutlineVersion): string {
  for (const items of Object.values(version.sidebars)) {
    const found = firstPage(items);
    if (found) return found;
  }
  return version.unlisted[0]?.permalink ?? version.path;
}
