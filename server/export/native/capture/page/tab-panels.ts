// Runs inside Chromium on a page or a copy of its content (see page-lib.ts): never import here.
// Tab groups as any theme builds them, every panel shown under its own tab's label.

/**
 * A tab list, its tabs and, per tab, the panel it shows (undefined where none is in the page);
 * `unpaired`: its panels beyond one per tab, which no tab of the list is known to show (a
 * Docusaurus TabItem whose value is missing from the Tabs' `values` is never shown).
 */
export type TabGroup = {list: HTMLElement; tabs: HTMLElement[]; panels: Array<HTMLElement | undefined>; unpaired: HTMLElement[]};

/** How long mountTabPanels may take: see there. */
export type TabBudget = {baseMs: number; perTabMs: number; capMs: number};

/**
 * Every tab group in `root`, outer groups before the groups nested in their panels. A tab's
 * panel is the one its `aria-controls` names, or the one `aria-labelledby` ties to it; where
 * neither pairs every tab, the panels that follow the list in its container (Docusaurus'
 * `.tabs-container`, else the list's parent, or the nearest ancestor holding panels) pair by
 * order, a group's own panels only: not those nested in its panels, nor those after another
 * list at its level. When fewer panels than tabs are there (a lazy group renders the chosen
 * one only), the one shown belongs to the selected tab; when the panels are in another order
 * than the tabs (Docusaurus' `values`), the one shown belongs to the selected tab and the
 * others follow in order. Panels beyond one per tab are `unpaired`: which tab shows which only
 * pressing them tells (mountTabPanels).
 */
export function tabGroups(root: Element): TabGroup[] {
  const groups: TabGroup[] = [];
  const claimed = new Set<Element>();
  const escape = (id: string) => id.replace(/["\\]/g, '\\$&');
  const byId = (id: string | null) => (id ? (root.querySelector<HTMLElement>(`[id="${escape(id)}"]`) ?? undefined) : undefined);
  const hidden = (panel: HTMLElement) => panel.hasAttribute('hidden') || panel.style.display === 'none';
  const follows = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  for (const list of root.querySelectorAll<HTMLElement>('[role="tablist"]')) {
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter((tab) => tab.closest('[role="tablist"]') === list);
    if (tabs.length === 0) continue;
    let unpaired: HTMLElement[] = [];
    let panels: Array<HTMLElement | undefined> = tabs.map(
      (tab) =>
        byId(tab.getAttribute('aria-controls')) ??
        (tab.id ? (root.querySelector<HTMLElement>(`[role="tabpanel"][aria-labelledby~="${escape(tab.id)}"]`) ?? undefined) : undefined),
    );
    if (panels.some((panel) => !panel || claimed.has(panel)) || new Set(panels).size < panels.length) {
      const ownPanels = (scope: Element) => {
        // Inside a panel that follows the list: a group nested in one of this group's panels.
        const nested = (element: Element) => {
          const outer = element.parentElement?.closest('[role="tabpanel"]');
          return !!outer && scope.contains(outer) && follows(list, outer);
        };
        const peers = [...scope.querySelectorAll<HTMLElement>('[role="tablist"]')].filter(
          (other) => other !== list && follows(list, other) && !nested(other),
        );
        return [...scope.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter(
          (panel) =>
            !claimed.has(panel) &&
            !panel.contains(list) &&
            follows(list, panel) &&
            !nested(panel) &&
            // Not past another list at this group's level: those panels are its.
            !peers.some((other) => follows(other, panel)),
        );
      };
      let scope: Element | null = list.closest('.tabs-container') ?? list.parentElement;
      for (let up = 0; scope && scope !== root && ownPanels(scope).length === 0 && up < 3; up++) scope = scope.parentElement;
      const found = scope ? ownPanels(scope) : [];
      const selected = tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
      const shown = found.filter((panel) => !hidden(panel));
      if (found.length < tabs.length || (selected >= 0 && shown.length === 1)) {
        const at = shown.length === 1 ? found.indexOf(shown[0]!) : -1;
        const others = found.filter((_, index) => index !== at);
        panels = tabs.map((_, index) =>
          at < 0 ? found[index] : index === selected ? found[at] : others[index < selected ? index : index - 1],
        );
        if (at >= 0 && selected < 0) panels = tabs.map((_, index) => found[index]);
      } else {
        panels = tabs.map((_, index) => found[index]);
      }
      unpaired = found.filter((panel) => !panels.includes(panel));
    }
    [...panels, ...unpaired].forEach((panel) => panel && claimed.add(panel));
    groups.push({list, tabs, panels, unpaired});
  }
  return groups;
}

/**
 * Tab groups of `root` with some panels but not one for every tab: a lazy group renders the chosen
 * one only. A list with no panel at all (tabs that are links, a strip that changes content
 * elsewhere) is no such group.
 */
export function incompleteTabGroups(root: Element): number {
  return window.__exportPdfLib!.tabGroups(root).filter((group) => group.panels.some((panel) => !panel) && group.panels.some(Boolean))
    .length;
}

/**
 * Tab groups of `root` with more panels than tabs: which tab shows which panel only pressing the
 * tabs tells.
 */
export function unpairedTabGroups(root: Element): number {
  return window.__exportPdfLib!.tabGroups(root).filter((group) => group.unpaired.length > 0).length;
}

/**
 * Every tab panel shown, each under its own tab's label, and the tab list gone once its panels
 * are labelled (a list with no panel is left as it is). A panel that opens with a code block
 * titled like its tab (a file name) needs no second label. A panel no tab shows is left out, as
 * the site's reader never sees it; returns how many were.
 */
export function showTabPanels(root: Element): number {
  let leftOut = 0;
  // The label of a panel restoreTabPanels put back, with its tab's label on it.
  for (const group of window.__exportPdfLib!.tabGroups(root)) {
    if (group.panels.every((panel) => !panel)) continue;
    group.unpaired.forEach((panel) => panel.remove());
    leftOut += group.unpaired.length;
    group.panels.forEach((panel, index) => {
      if (!panel) return;
      const labelText = panel.getAttribute('data-export-pdf-tab-label') ?? group.tabs[index]!.textContent?.trim() ?? '';
      panel.removeAttribute('data-export-pdf-tab-label');
      panel.removeAttribute('hidden');
      panel.style.removeProperty('display');
      const title = panel.querySelector('.theme-code-block [class*="codeBlockTitle"]')?.textContent?.trim();
      if (title && title === labelText && panel.textContent?.trim().startsWith(title)) return;
      const label = root.ownerDocument.createElement('div');
      label.className = 'export-pdf-tab-label';
      label.textContent = labelText;
      panel.before(label);
    });
    group.list.remove();
  }
  return leftOut;
}

/**
 * In the page a tab shows: every tab group that lacks some panels (a lazy group), or has more panels
 * than tabs (which tab shows which is unknown), has each of its tabs
 * selected in turn, and each panel it then shows is kept, its own lazy groups expanded first;
 * the tab first selected is selected again. The panels wait in `window.__exportPdfTabPanels`,
 * by an id the list is given, for restoreTabPanels to put in the copy that is captured.
 * Time: `budget.baseMs`, and `budget.perTabMs` more for each tab pressed (an API page has a
 * hundred), never past `budget.capMs`. Returns how many groups were expanded, and the labels of
 * the tabs time left unpressed: theirs print the chosen panel only.
 */
export async function mountTabPanels(root: Element, budget: TabBudget): Promise<{groups: number; unpressed: string[]}> {
  const lib = window.__exportPdfLib!;
  const kept = (window.__exportPdfTabPanels ??= new Map<string, Array<{label: string; html: string}>>());
  kept.clear();
  const started = Date.now();
  let deadline = started + budget.baseMs;
  const unpressed: string[] = [];
  // How long a panel that shows what the tab before showed is given to change: longer than
  // check:book gives it (scripts/check-book/rendered-article.ts), so that what it counts prints.
  const SAME_PANEL_MS = 2_000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const settle = async () => {
    let last = Date.now();
    const observer = new MutationObserver(() => (last = Date.now()));
    observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    await sleep(0);
    while (Date.now() - last < 16 && Date.now() < deadline) await sleep(4);
    observer.disconnect();
  };
  const expand = async (scope: Element): Promise<void> => {
    // Paired in the whole content, as restoreTabPanels does: paired within a panel, a nested list
    // would take panels of the groups around it for its own and look complete.
    for (const group of lib.tabGroups(root).filter((one) => scope.contains(one.list))) {
      const paired = group.panels.filter(Boolean).length;
      if (paired === 0 || (paired === group.tabs.length && group.unpaired.length === 0)) continue;
      if (group.list.hasAttribute('data-export-pdf-tabs') || !group.list.isConnected) continue;
      const selected = group.tabs.find((tab) => tab.getAttribute('aria-selected') === 'true');
      // A group not begun keeps the panels it shows, as the site printed them.
      if (Date.now() > deadline) {
        unpressed.push(...group.tabs.filter((tab) => tab !== selected).map((tab) => tab.textContent?.trim() ?? ''));
        continue;
      }
      const id = String(kept.size);
      group.list.setAttribute('data-export-pdf-tabs', id);
      kept.set(id, []);
      const texts: string[] = [];
      for (const tab of group.tabs) {
        if (Date.now() > deadline) {
          unpressed.push(tab.textContent?.trim() ?? '');
          continue;
        }
        deadline = Math.min(deadline + budget.perTabMs, started + budget.capMs);
        // A tab that is a link to another page would leave the page.
        const href = tab.closest('a[href]')?.getAttribute('href');
        if (href && !href.startsWith('#') && new URL(href, location.href).pathname !== location.pathname) continue;
        tab.click();
        await settle();
        const index = group.tabs.indexOf(tab);
        const panelOf = () => lib.tabGroups(root).find((again) => again.list === group.list)?.panels[index];
        let panel = panelOf();
        // A theme that makes a panel's content after a pause (an API theme's code sample, converted
        // for its client library after the tab is chosen) shows the previous tab's content until
        // then: a panel whose text is the one before's gets up to SAME_PANEL_MS to change. Its
        // markup is no guide: the theme marks the tab chosen in it at once, the code comes later.
        const before = texts.at(-1);
        for (const until = Date.now() + SAME_PANEL_MS; panel && panel.textContent === before && Date.now() < Math.min(until, deadline);) {
          await sleep(25);
          await settle();
          panel = panelOf();
        }
        if (panel) await expand(panel);
        texts.push(panel?.textContent ?? '');
        kept.get(id)!.push({label: tab.textContent?.trim() ?? '', html: panel?.outerHTML ?? ''});
      }
      if (selected && selected.getAttribute('aria-selected') !== 'true') {
        selected.click();
        await settle();
      }
    }
  };
  // What pressing tabs stored (Docusaurus keeps a group's choice) must not change the next pages.
  const stores = [window.localStorage, window.sessionStorage].map((store) => ({store, before: Object.entries(store)}));
  try {
    await expand(root);
  } finally {
    for (const {store, before} of stores) {
      store.clear();
      for (const [key, value] of before) store.setItem(key, value);
    }
  }
  return {groups: kept.size, unpressed};
}

/**
 * In a copy of the content: each group mountTabPanels expanded gets every panel it kept, in
 * tab order, in place of the one the copy shows, each panel marked with its tab's label.
 */
export function restoreTabPanels(root: Element): void {
  const kept = window.__exportPdfTabPanels;
  if (!kept?.size) return;
  const lib = window.__exportPdfLib!;
  let list: HTMLElement | null;
  while ((list = root.querySelector<HTMLElement>('[data-export-pdf-tabs]'))) {
    const panels = kept.get(list.getAttribute('data-export-pdf-tabs')!) ?? [];
    list.removeAttribute('data-export-pdf-tabs');
    // Paired as in the whole content: in a part of it, a list could take panels an earlier group owns.
    const group = lib.tabGroups(root).find((one) => one.list === list);
    const present = [...(group?.panels ?? []), ...(group?.unpaired ?? [])].filter((panel) => panel !== undefined);
    const first = present.find(
      (panel) => !present.some((other) => panel.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_PRECEDING),
    );
    const anchor = root.ownerDocument.createComment('tabs');
    if (first) first.before(anchor);
    else list.after(anchor);
    present.forEach((panel) => panel.remove());
    for (const {label, html} of panels) {
      if (!html) continue;
      const holder = root.ownerDocument.createElement('div');
      holder.innerHTML = html;
      const panel = (holder.firstElementChild as HTMLElement | null) ?? holder;
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('data-export-pdf-tab-label', label);
      anchor.before(panel);
    }
    anchor.remove();
  }
}

declare global {
  interface Window {
    /** Panels of lazy tab groups, kept by mountTabPanels for restoreTabPanels. */
    __exportPdfTabPanels?: Map<string, Array<{label: string; html: string}>>;
  }
}
