import os from 'node:os';
import {promises as fs} from 'node:fs';
import type {PDFOptions, Page} from 'puppeteer-core';
import {planBook, type BookPlan} from '../book-plan';
import {bookTexts, type BookTexts} from '../book-texts';
import type {EnginePhase} from '../../../contracts/progress';
import {EngineFailed, TimedOut} from '../../errors';
import {progressIn, type ExportEngine, type ExportJob, type ProgressPlan} from '../engine';
import {bookPartBody, bookPartCss, coverBody, coverCss, documentShell, tocBody, tocCss} from './book-html';
import {
  TOC_TARGET,
  chapterKeysByPath,
  destinationIds,
  outlineEntries,
  placeDestinations,
  splitIntoParts,
  tocEntries,
} from './book-layout';
import {BrowserHost} from './browser-host';
import type {Capture} from './capture';
import {captureBook} from './capture-book';
import {CaptureCache} from './capture-cache';
import {isFigureMarker} from './figure-fit';
import {installedFontSharedGlyphs} from './font-shared-glyphs';
import {nonAsciiChars} from './ideograph-text';
import {mergeBook} from './merge-book';
import {contentBox} from './paper';
import {ANCHOR, MARKER, printContentPart, settle, type PartPrinting} from './print-content';
import {printOverlay} from './print-overlay';
import {PhaseClock} from './phase-clock';
import {readPart, type PdfPart} from './pdf-part';
import {printPart} from './print-part';
import {runPool} from './run-pool';

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
};

const PAGE_TIMEOUT_MS = 30_000;

/** The phases as a person waiting sees them; weights from the 100-doc benchmark (capture 1.9 s, print 5.4 s, merge 1.2 s). */
const PROGRESS_PLAN: ProgressPlan = [
  {phase: 'discover', weight: 1},
  {phase: 'capture', weight: 25},
  {phase: 'render', weight: 60},
  {phase: 'assemble', weight: 14},
];

/**
 * Exports from the site's own sidebar data with a browser kept warm between
 * exports: captures the pages in parallel tabs, prints the book in parallel
 * parts, and merges them with a TOC, bookmarks and links that stay in the PDF.
 */
export class NativeEngine implements ExportEngine {
  readonly name = 'native';
  readonly #host: BrowserHost;
  readonly #cache = new CaptureCache();
  readonly #sharedGlyphs = installedFontSharedGlyphs();
  readonly #tabs: number;
  readonly #partBytes: number;
  readonly #pagesPerTab?: number;

  constructor(options: NativeEngineOptions) {
    this.#pagesPerTab = options.pagesPerTab;
    this.#host = new BrowserHost({workRoot: options.workRoot, log: options.log});
    this.#tabs = options.tabs ?? Math.min(4, Math.max(2, os.availableParallelism()));
    this.#partBytes = options.partBytes ?? 1_500_000;
  }

  async run(job: ExportJob): Promise<void> {
    let stopped: 'timeout' | 'aborted' | undefined;
    const stop = (why: 'timeout' | 'aborted') => {
      stopped ??= why;
      // A print in progress cannot be cancelled; killing the browser ends every call at once.
      this.#host.kill();
    };
    const timer = setTimeout(() => stop('timeout'), job.timeoutMs);
    const onAbort = () => stop('aborted');
    job.signal?.addEventListener('abort', onAbort);
    try {
      if (job.signal?.aborted) throw new EngineFailed('command-failed', 'The export was cancelled.');
      await this.#export(job);
    } catch (error) {
      if (stopped === 'timeout') {
        throw new TimedOut(`The native engine did not finish within ${Math.round(job.timeoutMs / 1000)} s and was stopped.`);
      }
      if (stopped === 'aborted') throw new EngineFailed('command-failed', 'The export was cancelled.');
      if (error instanceof EngineFailed) throw error;
      throw new EngineFailed('command-failed', `The native engine failed: ${(error as Error).message}`, {cause: error});
    } finally {
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    await this.#host.close();
  }

  async #export(job: ExportJob): Promise<void> {
    const clock = new PhaseClock();
    const {manifest} = job;
    const options = manifest.options;
    const texts = bookTexts(manifest);
    const report = (phase: EnginePhase, done?: number, total?: number) => job.onProgress?.(progressIn(PROGRESS_PLAN, phase, done, total));
    report('discover');
    const plan = await clock.time('discover', () => this.#plan(job));
    report('capture', 0, plan.chapters.length);
    const browser = await this.#host.acquire();
    const origin = job.siteOrigin;

    const capture = await clock.time('capture', () =>
      captureBook(job, plan, browser, this.#cache, {tabs: this.#tabs, pagesPerTab: this.#pagesPerTab, pageTimeoutMs: PAGE_TIMEOUT_MS}, (done) =>
        report('capture', done, plan.chapters.length),
      ),
    );
    report('capture', plan.chapters.length, plan.chapters.length);

    const pdf: PDFOptions = {
      format: options.paperFormat,
      margin: {
        top: `${options.margin.top}px`,
        right: `${options.margin.right}px`,
        bottom: `${options.margin.bottom}px`,
        left: `${options.margin.left}px`,
      },
      printBackground: true,
      displayHeaderFooter: false,
      outline: false,
      tagged: false,
    };
    const bookTitle = options.coverTitle || manifest.title;
    const box = contentBox(options.paperFormat, options.margin);
    const {parts, keysByPath, knownIds} = await clock.time('assemble', () => this.#assembleParts(plan, capture, options.css, box.height));
    const toc = tocEntries(plan.nodes, capture.pages);
    const withToc = !options.disableToc;
    const withCover = !options.disableCover;
    const printing: PartPrinting = {
      origin,
      pdf,
      box,
      marginTop: options.margin.top,
      links: {chapterKeys: keysByPath, knownIds, publicOrigin: manifest.siteUrl.replace(/\/+$/, '')},
      log: job.log,
    };
    const prepare = (page: Page) => settle(page, job.log);
    const printToc = (pageOf: (target: string) => number | undefined) =>
      printPart(browser, {
        origin,
        html: documentShell(capture.styles, tocBody(texts.tocTitle, toc, pageOf, MARKER, texts.pageNumber), tocCss(options.css)),
        pdf,
        layoutWidth: box.width,
        prepare,
      });

    // Content parts, the cover and a first TOC (to learn its length) print side by side.
    let printedParts = 0;
    const counted = (tasks: Array<() => Promise<Uint8Array | undefined>>) => {
      report('render', 0, tasks.length);
      return tasks.map((task) => async () => {
        const bytes = await task();
        report('render', ++printedParts, tasks.length);
        return bytes;
      });
    };
    const printed = await clock.time('render', () =>
      runPool<Uint8Array | undefined>(
        counted([
          () =>
            withCover
              ? printPart(browser, {
                  origin,
                  html: documentShell(capture.styles, coverBody(this.#cover(job, bookTitle, texts)), coverCss(options.css)),
                  pdf,
                  layoutWidth: box.width,
                  prepare,
                })
              : Promise.resolve(undefined),
          () => (withToc ? printToc(() => 9999) : Promise.resolve(undefined)),
          ...parts.map((html) => () => printContentPart(browser, html, printing)),
        ]),
        this.#tabs,
      ),
    );
    const [coverBytes, firstTocBytes, ...partBytes] = printed;
    report('assemble');

    const content = await clock.time('assemble', () => Promise.all(partBytes.map((bytes) => readPart(bytes!, {textHeight: (box.height * 72) / 96, anchorPrefix: ANCHOR}))));
    const cover = coverBytes ? await clock.time('assemble', () => readPart(coverBytes)) : undefined;
    let tocPart = firstTocBytes ? await clock.time('assemble', () => readPart(firstTocBytes)) : undefined;
    const coverPages = cover?.pageCount ?? 0;

    // The TOC's length decides where content starts; numbers never reflow it, but check.
    let destinations = placeDestinations([]);
    for (let attempt = 0; ; attempt++) {
      const tocPages = tocPart?.pageCount ?? 0;
      let firstPage = coverPages + tocPages;
      destinations = placeDestinations(
        content.map((part) => {
          const destinations = new Map([...part.destinations].filter(([name]) => !isFigureMarker(name)));
          const placed = {firstPage, destinations};
          firstPage += part.pageCount;
          return placed;
        }),
      );
      if (!tocPart) break;
      destinations.set(TOC_TARGET, {page: coverPages, x: 0, y: tocPart.document.getPage(0).getHeight()});
      const numbered = await clock.time('render', () =>
        printToc((target) => {
          const page = destinations.get(target)?.page;
          return page === undefined ? undefined : page + 1;
        }),
      );
      const part = await clock.time('assemble', () => readPart(numbered));
      const settled = part.pageCount === tocPages;
      tocPart = part;
      if (settled || attempt === 2) break;
    }

    const tocPages = tocPart?.pageCount ?? 0;
    const totalPages = coverPages + tocPages + content.reduce((sum, part) => sum + part.pageCount, 0);
    const overlay = await clock.time('render', () =>
      printOverlay(browser, job, {
        totalPages,
        coverPages,
        tocPages,
        bookTitle,
        plan,
        destinations,
        pdf,
        texts,
      }),
    );
    const allParts = [cover, tocPart, ...content].filter((part): part is PdfPart => part !== undefined);
    const bytes = await clock.time('assemble', () =>
      mergeBook({
        parts: allParts,
        destinations,
        overlay: overlay?.bytes,
        overlayPages: overlay?.stamped ?? new Set(),
        outline: outlineEntries(plan.nodes, capture.pages, withToc ? texts.tocTitle : undefined),
        marker: MARKER,
        metadata: {title: bookTitle, subject: options.coverSubtitle || manifest.tagline, language: texts.lang, direction: texts.direction},
        sharedGlyphs: this.#sharedGlyphs,
        bookChars: nonAsciiChars([bookTitle, texts.tocTitle, texts.footerTemplate, options.coverSubtitle ?? '', ...[...capture.pages.values()].map((page) => page.html)]),
      }),
    );
    await clock.time('assemble', () => fs.writeFile(job.outputFile, bytes));
    job.log(
      `phases ${clock.summary()} pages=${totalPages} chapters=${plan.chapters.length} parts=${parts.length} tabs=${this.#tabs}`,
    );
  }

  #plan(job: ExportJob): BookPlan {
    if (!job.outlineVersion) {
      throw new EngineFailed('not-created', `The site has no docs for the docs plugin "${job.docsPluginId}".`);
    }
    const plan = planBook(job.outlineVersion, job.subset);
    if (plan.chapters.length === 0) {
      throw new EngineFailed('not-created', `Docs version "${job.outlineVersion.name}" has no docs in its sidebars.`);
    }
    return plan;
  }

  #assembleParts(plan: BookPlan, capture: Capture, userCss: string | undefined, contentHeight: number) {
    const chapters = plan.chapters.map((chapter) => ({chapter, page: capture.pages.get(chapter.key)!, html: capture.pages.get(chapter.key)!.html}));
    const ids = destinationIds(plan.chapters, capture.pages);
    const css = bookPartCss(userCss, contentHeight);
    const parts = splitIntoParts(chapters, this.#tabs, this.#partBytes).map((part) =>
      documentShell(capture.styles, bookPartBody(part, ids), css),
    );
    const knownIds = [...new Set(plan.chapters.flatMap((chapter) => capture.pages.get(chapter.key)!.ids))];
    return {parts, keysByPath: chapterKeysByPath(plan.chapters), knownIds};
  }

  #cover(job: ExportJob, title: string, texts: BookTexts) {
    const {manifest} = job;
    const options = manifest.options;
    const image = options.coverImage === false ? undefined : (options.coverImage ?? manifest.logoPath);
    const imageUrl = image && (/^[a-z]+:/i.test(image) ? image : job.siteOrigin + image);
    const facts: string[] = [];
    const versions = manifest.docs.find((docs) => docs.pluginId === job.docsPluginId)?.versions ?? [];
    if (versions.length > 1 && job.outlineVersion) facts.push(texts.versionLine(job.outlineVersion.label));
    if (job.subset) facts.push(job.subset.kind === 'category' ? job.subset.category.label : job.subset.doc.title);
    facts.push(texts.date(new Date()));
    return {title, subtitle: options.coverSubtitle ?? manifest.tagline, imageUrl, facts};
  }
}
