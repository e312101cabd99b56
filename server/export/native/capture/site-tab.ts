import {readFile} from 'node:fs/promises';
import type {HTTPRequest, HTTPResponse, Page} from 'puppeteer-core';
import {closePage, openExportPage, type ExportBrowser} from '../shared/export-page';
import {isRuntimeScript, namesFile, type BuiltFile} from './capture-cache';
import {PageRequests} from '../shared/page-requests';
import {PAGE_LIB_SCRIPT} from './page/page-lib';
import {showRoute} from './page/route';

/**
 * Below Docusaurus' 996 px breakpoint the site renders its mobile layout: no
 * desktop sidebar or TOC to re-render on every route, so each page costs less.
 */
const CAPTURE_VIEWPORT_WIDTH = 900;
/**
 * How long the trial export's tab waits for the first export. It holds the site's scripts and
 * a page (an idle server of the 3,000-doc benchmark site: 550 MB of RSS with it, 330 MB
 * without); an export later than this loads the site afresh.
 */
export const KEEP_SITE_TAB_MS = 5 * 60_000;

/** A capture tab that loads the site once and then shows its pages with the site's own router. */
export type SiteTab = {
  page: Page;
  origin: string;
  /** Every script of the site it loaded but webpack's runtime chunk, the ones earlier routes loaded included. */
  scripts: Set<string>;
  /** The runtime chunk it loaded (capture-cache.ts): it names every chunk of the build the tab runs. */
  runtime?: string;
  /** Routes captured in it. */
  routes: number;
  /** What its page has in flight that the page may draw from. */
  requests: PageRequests;
};

/** Opens a tab for `origin` that records the site's scripts it loads; the site loads at its first page. */
export async function openSiteTab(browser: ExportBrowser, origin: string): Promise<SiteTab> {
  const page = await openExportPage(browser, CAPTURE_VIEWPORT_WIDTH, PAGE_LIB_SCRIPT);
  const tab: SiteTab = {page, origin, scripts: new Set(), routes: 0, requests: new PageRequests(page)};
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    if (isRuntimeScript(url.pathname)) tab.runtime = url.pathname;
    else tab.scripts.add(url.pathname);
  });
  return tab;
}

/** What a page loads that it cannot show without: a site that fails to serve one has gone down. */
const NEEDED_LOADS = new Set(['document', 'script', 'stylesheet']);

/**
 * Loads the site in `page` at `url` and waits until the route there has rendered. Fails at once
 * when the site stops serving its pages or scripts meanwhile (a network error, or a 5xx from a
 * proxy in front of a dev server that died): the page would wait out `timeoutMs` for them.
 */
export async function loadSiteAt(page: Page, url: string, timeoutMs: number): Promise<void> {
  const origin = new URL(url).origin;
  let fail!: (why: string) => void;
  const siteDown = new Promise<never>((_resolve, reject) => (fail = (why) => reject(new Error(why))));
  const needed = (request: HTTPRequest) => NEEDED_LOADS.has(request.resourceType()) && new URL(request.url()).origin === origin;
  const onFailed = (request: HTTPRequest) => {
    const error = request.failure()?.errorText;
    // Aborted: a load the page itself gave up, as when it navigates on.
    if (error && error !== 'net::ERR_ABORTED' && needed(request)) fail(`${request.url()} did not load: ${error}`);
  };
  const onResponse = (response: HTTPResponse) => {
    if (response.status() >= 500 && needed(response.request())) fail(`${response.url()} answered HTTP ${response.status()}`);
  };
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  try {
    await Promise.race([showAfresh(page, url, timeoutMs), siteDown]);
  } finally {
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
  }
}

async function showAfresh(page: Page, url: string, timeoutMs: number): Promise<void> {
  // The page may be loading a page by itself: Docusaurus reloads when a route's chunk fails to
  // load. A goto then can wait out its timeout (dev server killed mid-export: 2 runs in 22), so
  // a blank page ends that navigation first.
  if (page.url() !== 'about:blank') await page.goto('about:blank', {timeout: timeoutMs});
  await page.goto(url, {waitUntil: 'domcontentloaded', timeout: timeoutMs});
  if (!(await page.evaluate(showRoute, new URL(url).pathname, timeoutMs))) {
    throw new Error(
      `${url} did not report its route: the site was built without this version of the plugin's client module. Rebuild the site.`,
    );
  }
}

export function closeSiteTab(tab: SiteTab): Promise<void> {
  tab.requests.stop();
  return closePage(tab.page);
}

/**
 * A tab kept from an earlier capture, if it still runs the site as built: its runtime chunk,
 * which names every chunk of a build, is the one `built` (a page of the build) loads. A dev
 * server's pages, with no build to compare, get a fresh tab. A tab not returned is closed.
 */
export async function stillCurrent(tab: SiteTab | undefined, origin: string, built: BuiltFile | undefined): Promise<SiteTab | undefined> {
  if (!tab) return undefined;
  const current =
    built !== undefined &&
    tab.runtime !== undefined &&
    tab.origin === new URL(origin).origin &&
    namesFile(await readFile(built.path, 'utf8').catch(() => ''), tab.runtime) &&
    (await tab.page.evaluate(() => location.origin).catch(() => undefined)) === tab.origin;
  if (current) return tab;
  await closeSiteTab(tab);
  return undefined;
}

/** How one capture hands a tab with the site loaded to the next: the trial export's to the first export's. */
export type SiteTabHandoff = {
  /** The tab the last capture left, if any: its first rendering tab, in place of one that loads the site. */
  take?: () => SiteTab | undefined;
  /** Given the capture's last rendering tab instead of closing it. */
  keep?: (tab: SiteTab) => void;
};

/**
 * The tab the trial export rendered its page in, with the site loaded, kept for the next
 * export for at most KEEP_SITE_TAB_MS: its first rendered pages skip loading the site and
 * compiling its scripts (capture of the example site: 0.9–1.0 s instead of 1.8–2.1 s).
 */
export class KeptSiteTab {
  #tab?: SiteTab;
  #timer?: NodeJS.Timeout;
  readonly #keepMs: number;

  constructor(keepMs = KEEP_SITE_TAB_MS) {
    this.#keepMs = keepMs;
  }

  keep(tab: SiteTab): void {
    void this.drop();
    this.#tab = tab;
    this.#timer = setTimeout(() => void this.drop(), this.#keepMs);
    this.#timer.unref();
  }

  /** The tab kept, now the caller's to use or close. */
  take(): SiteTab | undefined {
    clearTimeout(this.#timer);
    const tab = this.#tab;
    this.#tab = undefined;
    return tab;
  }

  drop(): Promise<void> {
    const tab = this.take();
    return tab ? closeSiteTab(tab) : Promise.resolve();
  }
}
