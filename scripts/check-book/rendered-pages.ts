import type {Server} from 'node:http';
import puppeteer, {type Browser, type Page} from 'puppeteer-core';
import type {SiteManifest} from '../../contracts/manifest';
import type {Chapter} from '../../server/export/book-plan';
import {findChromium, sandboxArgs} from '../../server/chromium';
import {closeServer, freePort, listen} from '../../server/listen';
import {createStaticSiteApp} from '../../server/site/static-site';
import {NAME_SHIM} from '../../server/export/native/shared/export-page';
import {PageRequests} from '../../server/export/native/shared/page-requests';
import {runPool} from '../../server/export/native/shared/run-pool';
import {INTERACTIVE_PANELS} from '../../server/export/native/shared/interactive-panels';
import {expandArticle, type RenderedArticle} from './rendered-article';

/** A reader's desktop window: the page as most readers see it. */
const VIEWPORT = {width: 1280, height: 900};
/** Longest wait for a page to load and for each of its tabs to show its panel. */
const PAGE_TIMEOUT_MS = 60_000;
/** Pages rendered at once. */
const TABS = 2;

/**
 * Waits until the page has loaded, its fonts are ready and its DOM has been quiet for `quietMs`,
 * then while it has code or data in flight that it may draw from (page-requests.ts), until those
 * have ended and it is quiet again.
 */
async function settle(page: Page, requests: PageRequests, quietMs: number, timeoutMs: number): Promise<void> {
  await requests.settleWhileLoading(Date.now() + timeoutMs, (remainingMs) => quiet(page, quietMs, remainingMs));
}

async function quiet(page: Page, quietMs: number, timeoutMs: number): Promise<void> {
  await page.evaluate(
    async (quiet, timeout) => {
      const deadline = Date.now() + timeout;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // A Docusaurus page is hydrated once the plugin's client module reports its route (or, from
      // Docusaurus 3.10, once <html data-has-hydrated>): tabs pressed before do nothing.
      if (document.querySelector('script[src*="runtime~main"]')) {
        const hydrated = () =>
          (window as {__docusaurusExportPdf?: unknown}).__docusaurusExportPdf !== undefined ||
          document.documentElement.dataset.hasHydrated === 'true';
        while (!hydrated() && Date.now() < deadline) await sleep(20);
      }
      await Promise.race([document.fonts.ready, sleep(timeout)]);
      let last = Date.now();
      const observer = new MutationObserver(() => (last = Date.now()));
      observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
      while (Date.now() - last < quiet && Date.now() < deadline) await sleep(20);
      observer.disconnect();
    },
    quietMs,
    timeoutMs,
  );
}

/**
 * Scrolls the page to its end a screen at a time and back, as a reader does: what a component
 * draws only once it comes into view (a playground's demo frames) is then on the page. Returns
 * whether the page is taller than a screen.
 */
async function scrollThrough(): Promise<boolean> {
  // Two frames: observers report after the frame that moved; a tab that draws no frames moves on.
  const frame = () =>
    Promise.race([
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      new Promise((resolve) => setTimeout(resolve, 200)),
    ]);
  if (document.documentElement.scrollHeight <= innerHeight) return false;
  for (let y = innerHeight; y < document.documentElement.scrollHeight; y += innerHeight) {
    scrollTo(0, y);
    await frame();
  }
  scrollTo(0, 0);
  await frame();
  return true;
}

/**
 * Every chapter's page as a reader sees it: loaded from the build in Chromium, its scripts run,
 * scrolled through, and every tab of every tab group selected once (rendered-article.ts). The checks count what
 * the book must hold against these pages, so that content only the browser draws (a component
 * in BrowserOnly, a lazy tab panel) counts too. Pages that fail to load are reported and left
 * to their built HTML.
 */
export async function renderArticles(
  manifest: Pick<SiteManifest, 'outDir' | 'baseUrl' | 'trailingSlash'>,
  chapters: Chapter[],
  log: (line: string) => void,
): Promise<Map<string, RenderedArticle>> {
  const port = await freePort();
  const server: Server = await listen(
    createStaticSiteApp(manifest, {store: {serve: async () => false}, apiPort: 1}),
    port,
    '127.0.0.1',
    'site',
  );
  let browser: Browser | undefined;
  const articles = new Map<string, RenderedArticle>();
  try {
    browser = await puppeteer.launch({
      executablePath: findChromium(),
      headless: true,
      args: [...sandboxArgs(), '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    const started = performance.now();
    let done = 0;
    // Each tab in a context of its own: pages that keep a choice in localStorage (tab groups) would
    // otherwise follow the other tab's presses.
    const pages = await Promise.all(Array.from({length: TABS}, async () => (await browser!.createBrowserContext()).newPage()));
    const free = [...pages];
    const requests = new Map(pages.map((page) => [page, new PageRequests(page)]));
    for (const page of pages) {
      await page.setViewport(VIEWPORT);
      // What tsx compiles the page functions with names them through __name.
      await page.evaluateOnNewDocument(NAME_SHIM);
    }
    await runPool(
      chapters.map((chapter) => async () => {
        const page = free.pop()!;
        try {
          await page.goto(`http://127.0.0.1:${port}${chapter.permalink}`, {waitUntil: 'load', timeout: PAGE_TIMEOUT_MS});
          await settle(page, requests.get(page)!, 300, 10_000);
          if (await page.evaluate(scrollThrough)) await settle(page, requests.get(page)!, 300, 10_000);
          const article = await page.evaluate(expandArticle, PAGE_TIMEOUT_MS, INTERACTIVE_PANELS.join(', '));
          articles.set(chapter.key, article);
          if (article.unpressed.length > 0) {
            log(`${chapter.permalink}: time ran out pressing its tabs: ${article.unpressed.length} not pressed, their panels not counted`);
          }
        } catch (error) {
          log(`${chapter.permalink} did not render (${(error as Error).message}): its built HTML stands for it`);
        } finally {
          // A reader opens each page afresh: what this page stored (an API theme's chosen server, a
          // tab choice) must not change how the next page in this tab renders.
          await page.evaluate(() => [localStorage, sessionStorage].forEach((store) => store.clear())).catch(() => undefined);
          free.push(page);
        }
        if (++done % 50 === 0) log(`rendered ${done} of ${chapters.length} pages`);
      }),
      TABS,
    );
    log(`rendered ${articles.size} of ${chapters.length} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await browser?.close();
    server.closeAllConnections();
    await closeServer(server);
  }
  return articles;
}
