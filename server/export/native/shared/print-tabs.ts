import type {Page} from 'puppeteer-core';
import {closePage, openExportPage, type ExportBrowser} from './export-page';

/**
 * How much one tab prints before a fresh tab replaces it: at most PRINTS_PER_TAB documents, and
 * at most PRINT_WEIGHT_PER_TAB of their weight (a document's HTML or PDF bytes, the larger). A
 * renderer keeps much of what each document took: with one part of 1.5 MB of HTML after another
 * in the same tabs, the 1,000-doc benchmark peaked at a sum of PSS of 2,086 MB instead of
 * 1,346 MB. So small documents (a small site's parts, a cover, a TOC) share tabs, and a big part
 * has a tab to itself.
 */
export const PRINTS_PER_TAB = 8;
export const PRINT_WEIGHT_PER_TAB = 2 * 1024 * 1024;

type Tab = {page: Page; width: number; prints: number; weight: number};

/**
 * The tabs one export prints in (its parts, cover, TOC and overlay), each printing one document
 * after another. Opening a tab starts a renderer process and takes a dozen round trips to
 * Chromium: 0.15–0.2 s on the example site, and up to 0.9 s in the merge, where copying parts
 * keeps Node busy between those round trips. A tab whose print failed is closed, never reused.
 */
export class PrintTabs {
  readonly #browser: ExportBrowser;
  readonly #printsPerTab: number;
  readonly #weightPerTab: number;
  readonly #idle: Tab[] = [];
  /** Tabs opened ahead, not used yet. */
  readonly #opening: Array<Promise<Tab | undefined>> = [];
  #closed = false;

  constructor(browser: ExportBrowser, limits: {prints?: number; weight?: number} = {}) {
    this.#browser = browser;
    this.#printsPerTab = limits.prints ?? PRINTS_PER_TAB;
    this.#weightPerTab = limits.weight ?? PRINT_WEIGHT_PER_TAB;
  }

  /**
   * Opens `count` tabs now, while the export does something else (capture), so that the first
   * prints find them open. One that fails to open is opened again when a print needs it.
   */
  openAhead(count: number, width: number): void {
    for (let i = 0; i < count; i++) {
      this.#opening.push(
        openExportPage(this.#browser, width).then(
          (page): Tab => ({page, width, prints: 0, weight: 0}),
          () => undefined,
        ),
      );
    }
  }

  /**
   * Runs `print` in an idle tab laid out `width` CSS px wide, or in a new one; `weigh` tells what
   * the print weighed, and `expected` what it will weigh at least (its HTML's length).
   */
  async use<T>(width: number, print: (page: Page) => Promise<T>, weigh: (result: T) => number = () => 0, expected = 0): Promise<T> {
    if (this.#closed) throw new Error('the export has closed its print tabs');
    const tab = this.#idle.pop() ??
      (await this.#opening.shift()) ?? {page: await openExportPage(this.#browser, width), width, prints: 0, weight: 0};
    // The tab's last print: the one to replace it opens meanwhile, not after it (a tab took 0.15 s
    // to open on the example site, more with two renderers busy; the 1,000-doc book retires 25).
    if (tab.prints + 1 >= this.#printsPerTab || tab.weight + expected >= this.#weightPerTab) this.openAhead(1, width);
    try {
      if (tab.width !== width) {
        await tab.page.setViewport({width, height: 1000});
        tab.width = width;
      }
      const result = await print(tab.page);
      tab.prints += 1;
      tab.weight += weigh(result);
      if (tab.prints < this.#printsPerTab && tab.weight < this.#weightPerTab && !this.#closed) this.#idle.push(tab);
      else await closePage(tab.page);
      return result;
    } catch (error) {
      await closePage(tab.page);
      throw error;
    }
  }

  /** Closes idle tabs, and those opening, but `count`: a renderer keeps much of what its tab printed, and the next prints need fewer tabs. */
  async keepIdle(count: number): Promise<void> {
    const opened = await Promise.all(this.#opening.splice(0));
    this.#idle.push(...opened.filter((tab) => tab !== undefined));
    await Promise.all(this.#idle.splice(count).map((tab) => closePage(tab.page)));
  }

  /** Closes the idle tabs; a print still running closes its own tab when it ends. */
  async close(): Promise<void> {
    this.#closed = true;
    const opened = await Promise.all(this.#opening.splice(0));
    const tabs = [...this.#idle.splice(0), ...opened.filter((tab) => tab !== undefined)];
    await Promise.all(tabs.map((tab) => closePage(tab.page)));
  }
}
