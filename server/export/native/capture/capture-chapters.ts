import {readFile} from 'node:fs/promises';
import type {Chapter} from '../../book-plan';
import {closePage, type ExportBrowser} from '../shared/export-page';
import {withoutDocSidebar} from './built-html';
import {openParserPage} from './parser-page';
import {capturePage, pageStyles, type CaptureSettings, type CapturedPage, type PageStyles} from './page/capture-page';
import type {TabBudget} from './page/tab-panels';
import {showRoute} from './page/route';
import {settleRendered} from './settle-rendered';
import {fnv1a} from '../shared/fnv1a';
import {INTERACTIVE_PANELS} from '../shared/interactive-panels';
import {closeSiteTab, loadSiteAt, openSiteTab, type SiteTab} from './site-tab';

export type CaptureOptions = {
  /** Origin the site answers at. */
  origin: string;
  /** Elements removed from every page. */
  excludeSelectors: string[];
  /** The site's public URL (`url` + `baseUrl`): links to it stay in the book. */
  publicBase: string;
  /** Tabs capturing at once. */
  concurrency: number;
  /** Longest wait for one page to render and settle. */
  pageTimeoutMs: number;
  /** Pages a tab captures (rendered, or parsed from the build) before it is replaced by a fresh one; default PAGES_PER_TAB and PAGES_PER_PARSER. */
  pagesPerTab?: number;
  /**
   * Built HTML file of each chapter that is taken from the build, by chapter
   * key: parsed without running the site's JavaScript. The others render in tabs.
   */
  builtFiles?: Map<string, string>;
  /** Built HTML file of every chapter the build has, rendered or not (see CaptureSettings.ownOrigin). */
  builtPages?: Map<string, string>;
  log: (line: string) => void;
  /** Called after each page, with the count done so far. */
  onPage?: (done: number, total: number) => void;
  /** A tab with the site loaded (site-tab.ts): the first rendering tab, closed at the end if no page renders. */
  siteTab?: SiteTab;
  /** Given the last rendering tab instead of closing it. */
  keepSiteTab?: (tab: SiteTab) => void;
};

/** What the book is assembled from: every chapter's page, and the site's CSS. */
export type Capture = {
  pages: Map<string, CapturedPage>;
  styles: PageStyles;
};

/** A capture as taken, with what the capture cache keeps beside each page. */
export type FreshCapture = Capture & {
  /** For each page rendered in the browser, the site's scripts its tab had loaded by then (paths on the site; no runtime chunk). */
  scripts: Map<string, string[]>;
  /** Pages parsed from the build, and pages rendered in a browser tab. */
  counts?: {fromBuild: number; rendered: number};
  /** Pages meant to be taken from the build whose built HTML showed what it lacks (capturePage's `needsBrowser`): rendered instead. */
  moved: Array<{key: string; reasons: string[]}>;
};

/**
 * A tab moved through many routes slows down (measured on 1,045 docs: 10 pages/s for the first
 * 300 of 1,045, 1.5 pages/s past 800), so each tab is replaced after this many.
 */
export const PAGES_PER_TAB = 50;

/**
 * Built pages one parser tab parses before a fresh tab replaces it: its renderer's memory grew
 * with every page parsed (3,000 docs, whose every page holds the whole sidebar: 1.4 GB after
 * 1,800 pages).
 */
const PAGES_PER_PARSER = 200;
const ROUTES_PER_SITE_LOAD = 12;
/**
 * How long a page's lazy tab groups take to show each panel once: a time for the page, more per
 * tab pressed (in a fixed 10 s on a busy machine, an API reference's endpoint pages left their
 * last code-sample tabs unpressed), and a limit for a page whose tabs never settle.
 */
const TAB_BUDGET: TabBudget = {baseMs: 10_000, perTabMs: 2_500, capMs: 120_000};
/** Tokens this long (identifiers, paths, URLs) get line-break opportunities: see page/long-tokens.ts. */
const LONG_TOKEN = 14;

/** A CSS identifier unique to a chapter key (FNV-1a), for the ids inside its SVGs. */
export function svgScope(key: string): string {
  return `c${fnv1a(key).toString(36)}`;
}

function settingsFor(chapter: Chapter, options: CaptureOptions): CaptureSettings {
  return {
    key: chapter.key,
    svgScope: svgScope(chapter.key),
    excludeSelectors: [...INTERACTIVE_PANELS, ...options.excludeSelectors],
    publicBase: options.publicBase,
    longToken: LONG_TOKEN,
    title: chapter.title,
  };
}

async function captureOne(tab: SiteTab, chapter: Chapter, options: CaptureOptions): Promise<CapturedPage> {
  const page = tab.page;
  const url = options.origin + chapter.permalink;
  // As a page loaded afresh seeds itself and sets its clock (page-lib.ts): the same random numbers and time either way.
  await page.evaluate(
    (path) => {
      window.__exportPdfLib?.seedRandom(path);
      window.__exportPdfLib?.pinClock();
    },
    new URL(url).pathname.replace(/\/+$/, ''),
  );
  // What the previous page stored (an API theme's chosen server) is not this page's (private-storage.ts).
  // A page that stored something writes it again as it unmounts, into the next page's first render:
  // the next page is then reached from an empty route (the site's "not found"), with empty storage.
  const emptied = () =>
    page.evaluate(() => {
      const keys = Array.from({length: localStorage.length}, (_, index) => localStorage.key(index));
      const stored = sessionStorage.length > 0 || keys.some((key) => !/^theme(-|$)/.test(key ?? ''));
      window.__exportPdfLib?.privateStorage();
      localStorage.setItem('theme', 'light');
      return stored;
    });
  if (await emptied()) {
    await page.evaluate(showRoute, `${new URL(options.publicBase).pathname}__export-pdf-blank`, options.pageTimeoutMs).catch(() => false);
    await emptied();
  }
  if (!(await page.evaluate(showRoute, chapter.permalink, options.pageTimeoutMs).catch(() => false))) {
    await loadSiteAt(page, url, options.pageTimeoutMs);
  }
  const warnings = await settleRendered(page, tab.requests, chapter.mermaidDiagrams, options.pageTimeoutMs);
  // A lazy tab group has only its chosen panel in the page: each of its tabs is selected in turn.
  const {unpressed} = await page.evaluate(
    (budget) => {
      const content = window.__exportPdfLib!.contentOf(document);
      return content ? window.__exportPdfLib!.mountTabPanels(content, budget) : {groups: 0, unpressed: []};
    },
    {...TAB_BUDGET, baseMs: Math.min(options.pageTimeoutMs, TAB_BUDGET.baseMs)},
  );
  if (unpressed.length > 0) {
    const names = unpressed
      .slice(0, 8)
      .map((label) => `"${label}"`)
      .join(', ');
    const more = unpressed.length > 8 ? ` and ${unpressed.length - 8} more` : '';
    warnings.push(`time ran out showing its tabs one by one: ${unpressed.length} tab(s) are left out of the book: ${names}${more}`);
  }
  // A theme's own tabs can fail on a sequence of choices (an OpenAPI theme's code samples, pressed
  // faster than its effects ran): the page is loaded afresh and captured with the panels it shows.
  if (
    await page.evaluate(() => !document.querySelector('.theme-doc-markdown') && !!document.querySelector('[class*="errorBoundaryError"]'))
  ) {
    warnings.push('the page crashed while its tabs were shown one by one: its lazy tab groups print their chosen panel only');
    await loadSiteAt(page, url, options.pageTimeoutMs);
    warnings.push(...(await settleRendered(page, tab.requests, chapter.mermaidDiagrams, options.pageTimeoutMs)));
  }
  const built = options.builtPages?.get(chapter.key);
  const ownAddress = built && !(await readFile(built, 'latin1')).includes(new URL(options.origin).host);
  const settings = {...settingsFor(chapter, options), ...(ownAddress ? {ownOrigin: options.origin} : {})};
  const captured = await page.evaluate(capturePage, settings);
  return {...captured, warnings: [...warnings, ...captured.warnings]};
}

/** The stylesheets of several captures, each once, in the order first seen; the rest from the first. */
export function mergeStyles(all: PageStyles[]): PageStyles {
  const unique = (values: string[]) => [...new Set(values)];
  return {
    ...all[0]!,
    links: unique(all.flatMap((styles) => styles.links)),
    inline: unique(all.flatMap((styles) => styles.inline)),
  };
}

/**
 * Parses the built HTML of `chapters` (`options.builtFiles`) in blank tabs, without running the
 * site's scripts, handing each page to `onPage`; a fresh tab replaces one after
 * `options.pagesPerTab` (default PAGES_PER_PARSER) pages. Returns the site's CSS as the last page links it.
 */
export async function parseBuilt(
  browser: ExportBrowser,
  chapters: Chapter[],
  options: CaptureOptions,
  onPage: (chapter: Chapter, captured: CapturedPage) => void,
): Promise<PageStyles | undefined> {
  const perParser = options.pagesPerTab ?? PAGES_PER_PARSER;
  let styles: PageStyles | undefined;
  for (let first = 0; first < chapters.length; first += perParser) {
    const page = await openParserPage(browser);
    try {
      let last: {html: string; url: string} | undefined;
      for (const chapter of chapters.slice(first, first + perParser)) {
        last = {html: await readFile(options.builtFiles!.get(chapter.key)!, 'utf8'), url: options.origin + chapter.permalink};
        const article = {html: withoutDocSidebar(last.html), url: last.url};
        onPage(chapter, await page.evaluate(capturePage, settingsFor(chapter, options), article));
      }
      if (first + perParser >= chapters.length) styles = await page.evaluate(pageStyles, last);
    } finally {
      await closePage(page);
    }
  }
  return styles;
}

/**
 * Captures every chapter. Pages taken from the build are parsed in one blank
 * tab. The others are rendered by a few tabs that each load the site once and
 * then move from page to page with the site's own router: no page reload, no
 * re-hydration, and nothing waits on the network going idle. Both run at once.
 */
export async function captureChapters(browser: ExportBrowser, chapters: Chapter[], options: CaptureOptions): Promise<FreshCapture> {
  const pages = new Map<string, CapturedPage>();
  const scripts = new Map<string, string[]>();
  const styles: PageStyles[] = [];
  const builtFiles = options.builtFiles ?? new Map<string, string>();
  const fromBuild = chapters.filter((chapter) => builtFiles.has(chapter.key));
  const rendered = chapters.filter((chapter) => !builtFiles.has(chapter.key));
  const moved: FreshCapture['moved'] = [];
  const done = (chapter: Chapter, captured: CapturedPage) => {
    for (const warning of captured.warnings) options.log(`${chapter.permalink}: ${warning}`);
    pages.set(chapter.key, captured);
    options.onPage?.(pages.size, chapters.length);
  };

  const parse = async () => {
    const last = await parseBuilt(browser, fromBuild, options, (chapter, captured) => {
      if (captured.needsBrowser) {
        moved.push({key: chapter.key, reasons: captured.needsBrowser});
        rendered.push(chapter);
      } else done(chapter, captured);
    });
    if (last) styles.push(last);
  };

  let next = 0;
  let loadedTab = options.siteTab;
  const siteOrigin = new URL(options.origin).origin;
  const captureInTab = async (tab: SiteTab, chapter: Chapter) => {
    const captured = await captureOne(tab, chapter, options);
    tab.routes++;
    // The tab's scripts, those of earlier routes included: a superset of what the page ran.
    scripts.set(chapter.key, [...tab.scripts]);
    done(chapter, captured);
  };
  const renderInTabs = async () => {
    while (next < rendered.length) {
      // Taken before any await, so two tabs never start on the same chapter.
      const first = rendered[next++]!;
      const loaded = loadedTab;
      loadedTab = undefined;
      const tab = loaded ?? (await openSiteTab(browser, siteOrigin));
      const onError = (error: unknown) => options.log(`page error on ${tab.page.url()}: ${(error as Error).message}`);
      tab.page.on('pageerror', onError);
      let keep = false;
      try {
        if (loaded) options.log(`rendering in the tab an earlier capture left with the site loaded (${loaded.routes} route(s) shown)`);
        else await loadSiteAt(tab.page, options.origin + first.permalink, options.pageTimeoutMs);
        await captureInTab(tab, first);
        while (tab.routes < (options.pagesPerTab ?? PAGES_PER_TAB) && next < rendered.length) await captureInTab(tab, rendered[next++]!);
        // Doc pages are where the site's CSS for content lives; a tab ends on one.
        styles.push(await tab.page.evaluate(pageStyles));
        keep = options.keepSiteTab !== undefined && next >= rendered.length;
      } finally {
        tab.page.off('pageerror', onError);
        if (keep) options.keepSiteTab!(tab);
        else await closeSiteTab(tab);
      }
    }
  };
  // Loading the site costs a tab roughly what a dozen route renders do, so a few pages share one tab.
  const tabs = Math.min(Math.max(1, options.concurrency), Math.ceil(rendered.length / ROUTES_PER_SITE_LOAD));
  // The parser counts as one of the tabs, each a renderer of its own: on 2 cores a third only
  // shared them, and held 200-330 MB (the 1,000-doc benchmark parses 1,005 pages and renders 40).
  // Its pages parsed, it renders too while enough are left to be worth loading the site.
  const renderers = Math.max(rendered.length > 0 ? 1 : 0, tabs - 1);
  const parseThenRender = async () => {
    await parse();
    if (renderers < tabs && rendered.length - next >= ROUTES_PER_SITE_LOAD) await renderInTabs();
  };
  try {
    await Promise.all([parseThenRender(), ...Array.from({length: renderers}, renderInTabs)]);
    // Pages the build turned out to lack, found after every tab had finished.
    while (next < rendered.length) await renderInTabs();
  } finally {
    // A tab the caller handed over that rendered nothing goes back to it, or is closed.
    if (loadedTab && options.keepSiteTab) options.keepSiteTab(loadedTab);
    else if (loadedTab) await closeSiteTab(loadedTab);
  }
  return {
    pages,
    scripts,
    styles: mergeStyles(styles),
    moved,
    counts: {fromBuild: fromBuild.length - moved.length, rendered: rendered.length},
  };
}
