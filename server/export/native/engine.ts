import {promises as fs} from 'node:fs';
import os from 'node:os';
import type {BrowserState} from '../../../contracts/api';
import type {EnginePhase} from '../../../contracts/progress';
import {progressIn, type ExportEngine, type ExportJob, type ProgressPlan} from '../engine';
import {installedFontsDigest} from '../../fonts';
import type {BookPlan} from '../book-plan';
import {assemble} from './assemble/assemble';
import {withPartFiles, type BookOnDisk} from './assemble/part-files';
import {capture} from './capture/capture';
import {CaptureCache} from './capture/capture-cache';
import {KeptSiteTab, type SiteTab} from './capture/site-tab';
import {withDeadline} from './deadline';
import {discover} from './discover/discover';
import {installedFontSharedGlyphs} from './merge/font-shared-glyphs';
import {merge} from './merge/merge';
import {bookKey} from './print-cache/book-key';
import {partKey} from './print-cache/part-key';
import type {PrintCache} from './print-cache/print-cache';
import {partPrinting, render} from './render/render';
import {BrowserHost} from './shared/browser-host';
import type {ExportBrowser} from './shared/export-page';
import {PhaseClock} from './shared/phase-clock';
import {contentBox} from './shared/paper';
import {PrintTabs} from './shared/print-tabs';
import {trialJob, trialPlan} from './trial-export';

export type NativeEngineOptions = {
  /** Parent of the warm browser's profile directory. */
  workRoot: string;
  log: (line: string) => void;
  /** Tabs capturing pages at once; default: the CPU count, at least 2, at most 4. */
  tabs?: number;
  /** Tabs printing book parts at once (RENDER_CONCURRENCY); default: renderConcurrency() at each export. */
  renderTabs?: number;
  /** Parts and books printed before, kept between exports; none: every export prints everything. */
  printCache?: PrintCache;
  /** HTML per printed part, in bytes. */
  partBytes?: number;
  /** Pages a capture tab takes (rendered, or parsed from the build) before a fresh tab replaces it. */
  pagesPerTab?: number;
  /** Print with a structure tree (a tagged, accessible PDF); default true. */
  tagged?: boolean;
  /** A browser service's DevTools WebSocket URL (BROWSER_WS_ENDPOINT): its Chromium instead of one launched here. */
  browserWsEndpoint?: string;
};

const PAGE_TIMEOUT_MS = 30_000;
/** Pages left to capture when the print tabs start opening: about the second a tab takes to open on a busy machine. */
const OPEN_PRINT_TABS_PAGES_BEFORE = 10;
/** What one tab printing a part of about 1.5 MB of HTML may take, Chromium's renderer and its share of the merge. */
const RENDER_TAB_BYTES = 600 * 1024 * 1024;

/**
 * Parts printed at once when RENDER_CONCURRENCY is unset: one per CPU core, as many as the free
 * memory holds, at least one. Printing keeps a core busy, so more tabs than cores only share them
 * (300-doc benchmark on 2 cores: render 25.1 s with 1 tab, 15.0 s with 2, 17.3 s with 3).
 */
export function renderConcurrency(cores = os.availableParallelism(), freeBytes = os.freemem()): number {
  return Math.max(1, Math.min(cores, Math.floor(freeBytes / RENDER_TAB_BYTES)));
}

/** What one export's steps share. */
type ExportContext = {
  plan: BookPlan;
  browser: ExportBrowser;
  /** The tabs render and merge print in, closed when the export ends. */
  printTabs: PrintTabs;
  clock: PhaseClock;
  report: (phase: EnginePhase, done?: number, total?: number) => void;
  /** False for the trial export: it neither reads nor fills the capture cache (but its verdicts on kinds of page) and the print cache. */
  cached: boolean;
};

/** The phases as a person waiting sees them; weights from the 100-doc benchmark (capture 1.9 s, print 5.4 s, merge 1.2 s). */
const PROGRESS_PLAN: ProgressPlan = [
  {phase: 'discover', weight: 1},
  {phase: 'capture', weight: 25},
  {phase: 'assemble', weight: 1},
  {phase: 'render', weight: 59},
  {phase: 'merge', weight: 14},
];

/**
 * Exports from the site's own sidebar data with a browser kept warm between
 * exports: discover the chapters, capture their pages in parallel tabs,
 * assemble them into a book, render its parts in parallel, merge them with
 * a TOC, bookmarks and links that stay in the PDF.
 */
export class NativeEngine implements ExportEngine {
  readonly name = 'native';
  readonly #host: BrowserHost;
  readonly #cache = new CaptureCache();
  /** The trial export's capture tab, with the site loaded, for the next export's capture. */
  readonly #siteTab = new KeptSiteTab();
  readonly #sharedGlyphs = installedFontSharedGlyphs();
  readonly #tabs: number;
  readonly #partBytes: number;
  readonly #tagged: boolean;
  readonly #pagesPerTab?: number;
  readonly #renderTabs?: number;
  readonly #printCache?: PrintCache;
  /** The last book being stored in the print cache: the next export here, and close, wait for it. */
  #storing: Promise<void> = Promise.resolve();
  readonly #log: (line: string) => void;

  constructor(options: NativeEngineOptions) {
    this.#pagesPerTab = options.pagesPerTab;
    this.#log = options.log;
    this.#host = new BrowserHost({workRoot: options.workRoot, log: options.log, wsEndpoint: options.browserWsEndpoint});
    this.#tabs = options.tabs ?? Math.min(4, Math.max(2, os.availableParallelism()));
    this.#partBytes = options.partBytes ?? 500_000;
    this.#tagged = options.tagged ?? true;
    this.#renderTabs = options.renderTabs;
    this.#printCache = options.printCache;
  }

  run(job: ExportJob): Promise<void> {
    return withDeadline(
      job,
      () => this.#host.kill(),
      () => this.#export(job),
    );
  }

  /** Starts the browser, then runs the trial export (trial-export.ts) under a deadline of its own. */
  async warm(_job: unknown, trial?: ExportJob): Promise<void> {
    const browser = await this.#host.acquire();
    if (!trial) return;
    const began = performance.now();
    const job = trialJob(trial);
    try {
      await withDeadline(
        job,
        () => this.#host.kill(),
        () => this.#trial(job, browser),
      );
      this.#log(`warmed up in ${Math.round(performance.now() - began)} ms: a trial export of the default book, discarded`);
    } catch (error) {
      this.#log(`the trial export failed (${error instanceof Error ? error.message : String(error)}); the first export runs cold`);
    }
  }

  browserState(): BrowserState {
    return this.#host.state;
  }

  async close(): Promise<void> {
    await this.#siteTab.drop();
    await this.#storing;
    await this.#host.close();
  }

  async #export(job: ExportJob): Promise<void> {
    const report = (phase: EnginePhase, done?: number, total?: number) => job.onProgress?.(progressIn(PROGRESS_PLAN, phase, done, total));
    const clock = new PhaseClock();
    report('discover');
    await this.#storing;
    const plan = await clock.time('discover', () => discover(job));
    await this.#withTabs(job, plan, await this.#host.acquire(), {clock, report, cached: true});
  }

  async #trial(job: ExportJob, browser: ExportBrowser): Promise<void> {
    const plan = trialPlan(await discover(job));
    if (plan) await this.#withTabs(job, plan, browser, {clock: new PhaseClock(), report: () => undefined, cached: false});
  }

  async #withTabs(job: ExportJob, plan: BookPlan, browser: ExportBrowser, how: Pick<ExportContext, 'clock' | 'report' | 'cached'>) {
    const printTabs = new PrintTabs(browser);
    try {
      await this.#exportPlan(job, {...how, plan, browser, printTabs});
    } finally {
      await printTabs.close();
    }
  }

  async #exportPlan(job: ExportJob, {plan, browser, printTabs, clock, report, cached}: ExportContext): Promise<void> {
    const tabs = this.#tabs;
    const renderTabs = this.#renderTabs ?? renderConcurrency();
    const chapters = plan.chapters.length;
    report('capture', 0, chapters);
    const limits = {tabs, pagesPerTab: this.#pagesPerTab, pageTimeoutMs: PAGE_TIMEOUT_MS};
    const {paperFormat, margin} = job.manifest.options;
    // The print tabs open as the last pages are captured, and the first prints find them open. Not
    // sooner: on a big site they would sit in memory through the whole capture. Pages all reused
    // from an unchanged build report no progress, and the book made of them is likely reused too.
    let printTabsOpen = false;
    const onCaptured = (done: number) => {
      report('capture', done, chapters);
      if (printTabsOpen || chapters - done > OPEN_PRINT_TABS_PAGES_BEFORE) return;
      printTabsOpen = true;
      printTabs.openAhead(renderTabs, Math.floor(contentBox(paperFormat, margin).width));
    };
    // The trial's verdicts on kinds of page hold for the exports after it; its pages do not.
    const captureCache = cached ? this.#cache : this.#cache.withVerdictsOnly();
    // The trial leaves its tab to the first export (site-tab.ts); a real export leaves none.
    const handoff = cached ? {take: () => this.#siteTab.take()} : {keep: (tab: SiteTab) => this.#siteTab.keep(tab)};
    const captured = await clock.time('capture', () => capture(job, plan, browser, captureCache, limits, onCaptured, handoff));
    report('assemble');
    const book = await clock.time('assemble', () =>
      withPartFiles(
        assemble({job, plan, capture: captured, tabs: renderTabs, partBytes: this.#partBytes, tagged: this.#tagged}),
        job.workDir,
      ),
    );
    const cache = cached ? await this.#cacheKeys(job, plan, book, browser) : undefined;
    const kept = cache && (await cache.store.get(cache.book));
    if (kept) {
      // Nothing the book is made of changed: the book made last time is this export's file.
      await clock.time('merge', () => fs.writeFile(job.outputFile, kept));
      job.log(`phases ${clock.summary()} chapters=${chapters} parts=${book.parts.length} printed=0 book=reused`);
      return;
    }
    const onPrinted = (done: number, total: number) => report('render', done, total);
    const rendered = await clock.time('render', () => render({printTabs, job, book, tabs: renderTabs, onPrinted, cache}));
    report('merge');
    const sharedGlyphs = this.#sharedGlyphs;
    const pages = await clock.time('merge', () => merge({printTabs, job, plan, book, rendered, sharedGlyphs, cache}));
    // The book is read back once, after merge let go of everything else, and stored while the
    // export is answered (hashing and writing it took 0.3 s of a 1,000-doc export).
    if (cache) {
      const bytes = await fs.readFile(job.outputFile);
      this.#storing = cache.store.put(cache.book, bytes).catch((error: unknown) => {
        job.log(`the print cache could not keep the book: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    job.log(
      `phases ${clock.summary()} pages=${pages} chapters=${chapters} parts=${book.parts.length} printed=${rendered.printed} ` +
        `tabs=${tabs} renderTabs=${renderTabs}`,
    );
  }

  /** The print cache's keys of this book's content parts and of the whole book; none without a cache. */
  async #cacheKeys(job: ExportJob, plan: BookPlan, book: BookOnDisk, browser: ExportBrowser) {
    const store = this.#printCache;
    if (!store) return undefined;
    const [chromium, fonts] = await Promise.all([browser.version(), installedFontsDigest()]);
    const settings = {...partPrinting(job, book), chromium, fonts};
    const keys: string[] = [];
    // One at a time: read all at once, the parts would be back in memory together.
    for (const part of book.parts) keys.push(partKey(await part.read(), settings));
    return {store, machine: {chromium, fonts}, keys, book: bookKey(job, plan, book, keys, chromium)};
  }
}
