import type {OutlineItem} from '../contracts/outline';

/** The navbar items that can open a docs sidebar, as a site's `themeConfig.navbar.items` writes them. */
type NavbarItem = {
  type?: string;
  label?: string;
  sidebarId?: string;
  docId?: string;
  docsPluginId?: string;
  items?: NavbarItem[];
};

function docIds(items: OutlineItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.type === 'doc') into.add(item.id);
    if (item.type === 'category') docIds(item.items, into);
  }
  return into;
}

/**
 * Each sidebar's label in the navbar, by sidebar name: a `docSidebar` item names its sidebar, a
 * `doc` item with a label opens the sidebar holding its doc; items inside dropdowns count. The
 * first item for a sidebar wins. Items of other docs plugin instances are passed over.
 */
export function navbarSidebarLabels(
  themeConfig: unknown,
  pluginId: string,
  sidebars: Record<string, OutlineItem[]>,
): Record<string, string> {
  const navbar = (themeConfig as {navbar?: {items?: NavbarItem[]}} | undefined)?.navbar;
  const flat = (items: NavbarItem[] = []): NavbarItem[] => items.flatMap((item) => [item, ...flat(item.items)]);
  const idsBySidebar = Object.entries(sidebars).map(([name, items]) => [name, docIds(items)] as const);
  const labels: Record<string, string> = {};
  for (const item of flat(navbar?.items)) {
    if ((item.docsPluginId ?? 'default') !== pluginId || !item.label) continue;
    const name =
      item.type === 'docSidebar'
        ? item.sidebarId
        : item.type === 'doc' && item.docId
          ? idsBySidebar.find(([, ids]) => ids.has(item.docId!))?.[0]
          : undefined;
    if (name && name in sidebars && !(name in labels)) labels[name] = item.label;
  }
  return labels;
}
