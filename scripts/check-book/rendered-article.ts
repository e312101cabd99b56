// Runs inside Chromium, in a page of the site a reader would see: serialized with
// Function.prototype.toString, so it is self-contained.

/** A page as a reader sees it, every tab of it selected once. */
export type RenderedArticle = {
  /** The whole document, its article holding every tab panel, each after a line with its tab's label. */
  html: string;
  /**
   * Every tab panel, by group (numbered in document order, outer before nested) and label, with
   * its text, in document order (a panel before the panels nested in it, which name it as `parent`).
   */
  panels: Array<{group: number; label: string; text: string; parent?: number}>;
  /** The text of every code block (`pre`) of the article, panels included. */
  codeBlocks: string[];
  /** The origin the page was rendered at. */
  origin: string;
  /** Labels of tabs time left unpressed: their panels are not counted. */
  unpressed: string[];
};

/**
 * Selects every tab of every tab group of the page's article in turn (a group nested in a panel
 * while that panel shows) and keeps what each shows: a lazy group renders the chosen panel only,
 * so its other panels exist once their tab is pressed. A panel belongs to the last tab list
 * before it at its own depth of panels; the tab first selected is selected again. Returns the
 * document with each group's list replaced by its panels, each after its label. Groups and code
 * blocks inside `notPrinted` (what the export leaves out) are not counted.
 */
export async function expandArticle(timeoutMs: number, notPrinted: string): Promise<RenderedArticle> {
  // Each tab pressed adds time (a busy machine's API page has a hundred tabs), up to a limit.
  const started = Date.now();
  let deadline = started + timeoutMs;
  const unpressed: string[] = [];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const settle = async () => {
    let last = Date.now();
    const observer = new MutationObserver(() => (last = Date.now()));
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    const until = Math.min(deadline, Date.now() + 2_000);
    await sleep(0);
    while (Date.now() - last < 20 && Date.now() < until) await sleep(5);
    observer.disconnect();
  };
  const root = document.querySelector('.theme-doc-markdown') ?? document.querySelector('main') ?? document.body;
  // Shown as a reader sees it: with an area (not collapsed to no height), not invisible.
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const depth = (element: Element, within: Element) => {
    let count = 0;
    for (let parent = element.parentElement; parent && parent !== within; parent = parent.parentElement) {
      if (parent.getAttribute('role') === 'tabpanel') count++;
    }
    return count;
  };
  const ownerOf = (panel: Element, within: Element) => {
    let owner: Element | undefined;
    for (const list of within.querySelectorAll('[role="tablist"]')) {
      if (!(list.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
      if (depth(list, within) === depth(panel, within)) owner = list;
    }
    return owner;
  };
  const textOf = (html: string) => {
    const holder = document.createElement('template');
    holder.innerHTML = html;
    holder.content
      .querySelectorAll('script, style, noscript, button:not([aria-expanded]), svg, .hash-link')
      .forEach((element) => element.remove());
    return (holder.content.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  const panels: RenderedArticle['panels'] = [];
  let groups = 0;
  const expanded = async (element: Element, parent?: number): Promise<string> => {
    // A group inside what the book leaves out (a request builder's body examples) is owed no panel.
    const lists = [...element.querySelectorAll('[role="tablist"]')].filter(
      (list) => depth(list, element) === 0 && !list.closest(notPrinted),
    );
    const slots = new Map<number, string>();
    for (const list of lists) {
      // A strip with no panel of its own (one that switches content elsewhere, or another group of
      // the same groupId) is no group: pressing it would switch the group that holds it.
      const owned = (panel: Element) => depth(panel, element) === 0 && ownerOf(panel, element) === list;
      if (![...element.querySelectorAll('[role="tabpanel"]')].some(owned)) continue;
      const group = groups++;
      // A tab that is a link to another page would leave the page: it is no tab of a panel here.
      const leaves = (tab: Element) => {
        const href = tab.closest('a[href]')?.getAttribute('href');
        return !!href && !href.startsWith('#') && new URL(href, location.href).pathname !== location.pathname;
      };
      const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter(
        (tab) => tab.closest('[role="tablist"]') === list && !leaves(tab),
      );
      const selected = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true');
      const parts: string[] = [];
      // What each tab pressed so far showed. A panel a script fills after the press (an API
      // theme's code sample, made in an effect, then rendered in a later task) still shows the
      // previous tab's text when the DOM first falls quiet on a busy machine: it gets up to
      // CHANGE_MS more to change, after which the same text is taken as the panel's own (capture
      // does the same: mountTabPanels in server/export/native/capture/page/tab-panels.ts).
      const CHANGE_MS = 1_500;
      const texts = new Set<string>();
      const shownNow = () => [...element.querySelectorAll('[role="tabpanel"]')].filter((panel) => owned(panel) && visible(panel));
      const textNow = () =>
        shownNow()
          .map((panel) => panel.textContent ?? '')
          .join('');
      for (const tab of tabs) {
        if (Date.now() > deadline) {
          unpressed.push(tab.textContent?.trim() ?? '');
          continue;
        }
        deadline = Math.min(deadline + CHANGE_MS + 500, started + 4 * timeoutMs);
        tab.click();
        await settle();
        for (const until = Math.min(deadline, Date.now() + CHANGE_MS); texts.has(textNow()) && Date.now() < until;) {
          await sleep(50);
          await settle();
        }
        texts.add(textNow());
        const shown = shownNow();
        const label = document.createElement('p');
        label.setAttribute('data-check-tab-label', '');
        label.textContent = tab.textContent?.trim() ?? '';
        const entry: RenderedArticle['panels'][number] = {
          group,
          label: label.textContent,
          text: '',
          ...(parent === undefined ? {} : {parent}),
        };
        panels.push(entry);
        let html = '';
        for (const panel of shown) html += await expanded(panel, panels.length - 1);
        entry.text = textOf(html);
        parts.push(label.outerHTML + html);
      }
      if (selected && selected.getAttribute('aria-selected') !== 'true') {
        selected.click();
        await settle();
      }
      slots.set(group, parts.join(''));
      list.setAttribute('data-check-slot', String(group));
      for (const panel of element.querySelectorAll('[role="tabpanel"]')) if (owned(panel)) panel.setAttribute('data-check-drop', '');
    }
    // An inline element laid out as a box of its own (a "required" pill beside "Body") reads as a
    // word apart, though no space separates it in the markup: marked, its text is read apart.
    for (const inline of element.querySelectorAll('span, a, strong, em, b, i, code, small, label, kbd, abbr, mark, sup, sub')) {
      if (!['inline', 'none', 'contents'].includes(getComputedStyle(inline).display)) inline.setAttribute('data-check-box', '');
    }
    const copy = element.cloneNode(true) as Element;
    for (const marked of element.querySelectorAll('[data-check-slot], [data-check-drop], [data-check-box]')) {
      marked.removeAttribute('data-check-slot');
      marked.removeAttribute('data-check-drop');
      marked.removeAttribute('data-check-box');
    }
    copy.querySelectorAll('[data-check-drop]').forEach((panel) => panel.remove());
    copy
      .querySelectorAll('[data-check-slot]')
      .forEach((list) => list.replaceWith(document.createComment(`check-slot-${list.getAttribute('data-check-slot')}`)));
    return copy.outerHTML.replace(/<!--check-slot-(\d+)-->/g, (_, group: string) => slots.get(Number(group)) ?? '');
  };
  const article = await expanded(root);
  root.setAttribute('data-check-root', '');
  const page = document.documentElement.cloneNode(true) as Element;
  root.removeAttribute('data-check-root');
  page.querySelector('[data-check-root]')!.replaceWith(document.createComment('check-root'));
  page.querySelectorAll('script').forEach((script) => script.remove());
  const holder = document.createElement('template');
  holder.innerHTML = article;
  holder.content.querySelectorAll(notPrinted).forEach((element) => element.remove());
  const codeBlocks = [...holder.content.querySelectorAll('pre')].map((pre) => pre.textContent?.trim() ?? '').filter(Boolean);
  return {html: page.outerHTML.replace('<!--check-root-->', () => article), panels, codeBlocks, origin: location.origin, unpressed};
}
