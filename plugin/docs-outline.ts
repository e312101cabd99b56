import type {LoadedContent as DocsContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import type {DocsOutline, OutlineCategory, OutlineDoc, OutlineItem, OutlineVersion} from '../contracts/outline';
import {countMermaidDiagrams, pageComponents, rendersInBrowser} from './doc-source';
import {navbarSidebarLabels} from './sidebar-labels';

/** The kind of a category's generated index page: Docusaurus draws it from the sidebar, not from a source. */
const GENERATED_INDEX = 'generated-index';

type SidebarItem = LoadedVersion['sidebars'][string][number];

/**
 * A doc's title as its reader sees it. Without a front matter title Docusaurus takes the first
 * heading's Markdown as written, escapes included: TypeDoc's `# Interface: Job\<Data\>` made the
 * title, the running header and the bookmark read "Job\<Data\>" where the page shows "Job<Data>".
 */
function titleOf(doc: LoadedVersion['docs'][number]): string {
  return doc.frontMatter.title === undefined ? doc.title.replace(/\\([!-/:-@[-`{-~])/g, '$1') : doc.title;
}

/** Reads a doc's source (`@site/…` alias) for facts the loaded content lacks; undefined when unreadable. */
export type SourceReader = (source: string) => string | undefined;

function outlineVersion(version: LoadedVersion, readSource: SourceReader, sidebarLabels: SidebarLabels): OutlineVersion {
  const docs = new Map(version.docs.map((doc) => [doc.id, doc]));
  const listed = new Set<string>();

  const toDoc = (id: string, label?: string): OutlineDoc | undefined => {
    const doc = docs.get(id);
    if (!doc) return undefined;
    listed.add(id);
    const source = readSource(doc.source);
    const title = titleOf(doc);
    return {
      type: 'doc',
      id,
      label: label ?? doc.frontMatter.sidebar_label ?? title,
      title,
      permalink: doc.permalink,
      mermaidDiagrams: countMermaidDiagrams(source),
      rendersInBrowser: rendersInBrowser(source),
      components: pageComponents(source),
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
            if (doc)
              page = {
                title: doc.title,
                permalink: doc.permalink,
                docId: doc.id,
                mermaidDiagrams: doc.mermaidDiagrams,
                rendersInBrowser: doc.rendersInBrowser,
                components: doc.components,
              };
          } else if (item.link?.type === 'generated-index') {
            page = {
              title: item.link.title ?? item.label,
              permalink: item.link.permalink,
              rendersInBrowser: false,
              components: [GENERATED_INDEX],
            };
          }
          return [{type: 'category', label: item.label, page, items: toItems(item.items)}];
        }
        default:
          return [];
      }
    });

  const sidebars = Object.fromEntries(Object.entries(version.sidebars).map(([name, items]) => [name, toItems(items)]));
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
    sidebarLabels: sidebarLabels(sidebars),
    unlisted,
  };
}

/** A version's sidebars' titles from their items (see sidebar-labels.ts). */
type SidebarLabels = (sidebars: Record<string, OutlineItem[]>) => Record<string, string>;

/** `themeConfig`: the site's, whose navbar names the sidebars. */
export function buildDocsOutline(
  pluginId: string,
  content: DocsContent,
  readSource: SourceReader = () => undefined,
  themeConfig?: unknown,
): DocsOutline {
  const labels: SidebarLabels = (sidebars) => navbarSidebarLabels(themeConfig, pluginId, sidebars);
  return {pluginId, versions: content.loadedVersions.map((version) => outlineVersion(version, readSource, labels))};
}
