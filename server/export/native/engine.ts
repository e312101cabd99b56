import os from 'node:os';
import type {EnginePhase} from '../../../contracts/progress';
import {progressIn, type ExportEngine, type ExportJob, type ProgressPlan} from '../engine';
import {assemble} from './assemble/assemble';
import {capture} from './capture/capture';
import {CaptureCache} from './capture/capture-cache';
import {withDeadline} from './deadline';
import {discover} from './discover/discover';
import {installedFontSharedGlyphs} from './merge/font-shared-glyphs';
import {merge} from './merge/merge';
import {render} from './render/render';
import {BrowserHost} from './shared/browser-host';
import {PhaseClock} from './shared/phase-clock';

export type NativeEngineOptions = {
  /** Parent of the warm browser's profile directory. */
  workRoot: string;
  log: (line: string) => void;
  /** Tabs working at once; default: the CPU count, at least 2, at most 4. */
  tabs?: number;
  /** HTML per printed part, in bytes. */
  partBytes?: number;
  /** Pages a capture tab takes before a fresh tab replaces it. */
  pagesPerTab?: number;
  /** Print with a structure tree (a tagged, accessible PDF); default true. */
  tagged?: boolean;
};

const PAGE_TIMEOUT_MS = 30_000;

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
  readonly #sharedGlyphs = installedFontSharedGlyphs();
  readonly #tabs: number;
  readonly #partBytes: number;
  readonly #tagged: boolean;
  readonly #pagesPerTab?: number;

  constructor(options: NativeEngineOptions) {
    this.#pagesPerTab = options.pagesPerTab;
    this.#host = new BrowserHost({workRoot: options.workRoot, log: options.log});
    this.#tabs = options.tabs ?? Math.min(4, Math.max(2, os.availableParallelism()));
    this.#partBytes = options.partBytes ?? 1_500_000;
    this.#tagged = options.tagged ?? true;
  }

  run(job: ExportJob): Promise<void> {
    return withDeadline(
      job,
      () => this.#host.kill(),
      () => this.#export(job),
    );
  }

  async close(): Promise<void> {
    await this.#host.close();
  }

  async #export(job: ExportJob): Promise<void> {
    const clock = new PhaseClock();
    const tabs = this.#tabs;
    const report = (phase: EnginePhase, done?: number, total?: number) => job.onProgress?.(progressIn(PROGRESS_PLAN, phase, done, total));
    report('discover');
    const plan = await clock.time('discover', () => discover(job));
    const chapters = plan.chapters.length;
    report('capture', 0, chapters);
    const browser = await this.#host.acquire();
    const limits = {tabs, pagesPerTab: this.#pagesPerTab, pageTimeoutMs: PAGE_TIMEOUT_MS};
    const captured = await clock.time('capture', () =>
      capture(job, plan, browser, this.#cache, limits, (done) => report('capture', done, chapters)),
    );
    report('assemble');
    const book = await clock.time('assemble', () =>
      assemble({job, plan, capture: captured, tabs, partBytes: this.#partBytes, tagged: this.#tagged}),
    );
    const onPrinted = (done: number, total: number) => report('render', done, total);
    const rendered = await clock.time('render', () => render({browser, job, book, tabs, onPrinted}));
    report('merge');
    const {pages} = await clock.time('merge', () => merge({browser, job, plan, book, rendered, sharedGlyphs: this.#sharedGlyphs}));
    job.log(`phases ${clock.summary()} pages=${pages} chapters=${chapters} parts=${book.parts.length} tabs=${tabs}`);
  }
}
