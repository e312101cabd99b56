import type {
  LoadedContent as DocsContent,
  LoadedVersion,
} from '@docusaurus/plugin-content-docs';
import {countMermaidDiagrams, rendersInBrowser} from './doc-source';

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
};

/** A sidebar category: its own page, if it has one, comes before its items. */
export type OutlineCategory = {
  type: 'category';
  label: string;
  /** The category's page: a doc (`link: {type: 'doc'}`) or a generated index. */
  page?: {title: string; permalink: string; docId?: string; mermaidDiagrams?: number; rendersInBrowser?: boolean};
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
  unlisted: OutlineDoc[];
};

/** Every doc of one docs plugin instance, per version, in sidebar order. */
export type DocsOutline = {
  pluginId: string;
  versions: OutlineVersion[];
};

type SidebarItem = LoadedVersion['sidebars'][string][number];

/** Reads a doc's source (`@site/…` alias) for facts the loaded content lacks; undefined when unreadable. */
export type SourceReader = (source: string) => string | undefined;

function outlineVersion(version: LoadedVersion, readSource: SourceReader): OutlineVersion {
  const docs = new Map(version.docs.map((doc) => [doc.id, doc]));
  const listed = new Set<string>();

  const toDoc = (id: string, label?: string): OutlineDoc | undefined => {
    const doc = docs.get(id);
    if (!doc) return undefined;
    listed.add(id);
    const source = readSource(doc.source);
    return {
      type: 'doc',
      id,
      label: label ?? doc.frontMatter.sidebar_label ?? doc.title,
      title: doc.title,
      permalink: doc.permalink,
      mermaidDiagrams: countMermaidDiagrams(source),
      rendersInBrowser: rendersInBrowser(source),
    };
  };

  const toItems = (items: SidebarItem[]): OutlineItem[] =>
    items.flatMap((item): OutlineItem[] => {
      switch (item.type) {
        case 'doc':
        case 'ref': {
          const doc = toDoc(item.id, item.label);
          return doc ? [doc] : [];
        }
        case 'link':
          return [{type: 'link', label: item.label, href: item.href}];
        case 'category': {
          let page: OutlineCategory['page'];
          if (item.link?.type === 'doc') {
            const doc = toDoc(item.link.id);
            if (doc) page = {
                title: doc.title,
                permalink: doc.permalink,
                docId: doc.id,
                mermaidDiagrams: doc.mermaidDiagrams,
                rendersInBrowser: doc.rendersInBrowser,
              };
          } else if (item.link?.type === 'generated-index') {
            page = {title: item.link.title ?? item.label, permalink: item.link.permalink, rendersInBrowser: false};
          }
          return [{type: 'category', label: item.label, page, items: toItems(item.items)}];
        }
        default:
          return [];
      }
    });

  const sidebars = Object.fromEntries(
    Object.entries(version.sidebars).map(([name, items]) => [name, toItems(items)]),
  );
  const unlisted = version.docs
    .filter((doc) => !listed.has(doc.id))
    .map((doc) => toDoc(doc.id)!)
    .filter(Boolean);
  return {
    name: version.versionName,
    label: version.label,
    path: version.path,
    isLast: version.isLast,
    sidebars,
    unlisted,
  };
}

export function buildDocsOutline(
  pluginId: string,
  content: DocsContent,
  readSource: SourceReader = () => undefined,
): DocsOutline {
  return {pluginId, versions: content.loadedVersions.map((version) => outlineVersion(version, readSource))};
}

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
