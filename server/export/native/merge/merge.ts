import type {BookPlan} from '../../book-plan';
import type {ExportJob} from '../../engine';
import type {AssembledBook} from '../assemble/assemble';
import type {RenderedBook} from '../render/render';
import {printFrontMatter} from '../render/print-content';
import {MARKER, TOC_TARGET, isFigureMarker} from '../shared/markers';
import {frontMatterPrint, printOnce, type ExportPrintCache} from '../print-cache/print-once';
import {readPart, type PartDestination, type PrintedPart} from '../shared/pdf-part';
import type {FontSharedGlyphs} from './font-shared-glyphs';
import {finishBook, startBook} from './merge-book';
import {placeDestinations} from './page-numbers';
import {printOverlay} from './print-overlay';
import type {PrintTabs} from '../shared/print-tabs';

export type MergeInput = {
  /** The export's print tabs, which render leaves open for the TOC and the overlay. */
  printTabs: PrintTabs;
  job: ExportJob;
  plan: BookPlan;
  book: AssembledBook;
  rendered: RenderedBook;
  sharedGlyphs: FontSharedGlyphs;
  /** Where a TOC or overlay piece printed before for the same numbers is taken from; none: print them. */
  cache?: ExportPrintCache;
};

/** TOC prints tried before its length is taken as settled. */
const TOC_ATTEMPTS = 3;

/**
 * Joins the printed parts into the book and writes it to the job's output file.
 * The TOC's page numbers and the running headers and footers are printed here,
 * not in render: they need every part's length, which only the printed parts tell.
 * Returns the book's page count.
 */
export async function merge({printTabs, job, plan, book, rendered, sharedGlyphs, cache}: MergeInput): Promise<number> {
  const content = rendered.parts;
  const text = {sharedGlyphs, bookChars: book.bookChars};
  const began = performance.now();
  const since = () => `${((performance.now() - began) / 1000).toFixed(1)} s`;
  let contentWritten = '';
  // The content is copied into the book and written while Chromium prints the TOC and the overlay.
  const starting = startBook({
    ...text,
    file: job.outputFile,
    content,
    read: rendered.read,
    destinations: contentDestinations(content, 0),
    tocTarget: rendered.firstToc && book.toc ? TOC_TARGET : undefined,
    outline: book.outline,
    marker: MARKER,
    metadata: book.metadata,
    cache,
  }).then((started) => ((contentWritten = since()), started));
  starting.catch(() => undefined); // awaited below: a failure surfaces there.
  try {
    return await finish();
  } catch (error) {
    // The book's file stays open until it is finished or given up; the exporter removes it.
    await starting.then((started) => started.writer.abandon()).catch(() => undefined);
    throw error;
  }

  async function finish(): Promise<number> {
    const cover = rendered.cover ? await readPart(rendered.cover) : undefined;
    let toc = rendered.firstToc ? await readPart(rendered.firstToc) : undefined;
    const coverPages = cover?.pageCount ?? 0;
    const contentPages = content.reduce((sum, part) => sum + part.pageCount, 0);
    const overlayFor = (tocPages: number, destinations: Map<string, PartDestination>) =>
      printOverlay(printTabs, job, cache, {
        totalPages: coverPages + tocPages + contentPages,
        coverPages,
        tocPages,
        bookTitle: book.title,
        plan,
        destinations,
        pdf: book.pdf,
        texts: book.texts,
      });

    // The TOC's length decides where content starts; numbers never reflow it, but check. The overlay
    // is printed beside the numbered TOC, for the length the TOC had before its numbers.
    let destinations: Map<string, PartDestination>;
    let overlay: Awaited<ReturnType<typeof printOverlay>>;
    let overlaidTocPages: number;
    for (let attempt = 1; ; attempt++) {
      overlaidTocPages = toc?.pageCount ?? 0;
      destinations = contentDestinations(content, coverPages + overlaidTocPages);
      if (!toc || !book.toc) {
        overlay = await overlayFor(overlaidTocPages, destinations);
        break;
      }
      destinations.set(TOC_TARGET, {page: coverPages, x: 0, y: toc.document.getPage(0).getHeight()});
      const placed = destinations;
      const html = book.toc((target) => {
        const page = placed.get(target)?.page;
        return page === undefined ? undefined : page + 1;
      });
      const printing = {origin: job.siteOrigin, pdf: book.pdf, box: book.box, log: job.log};
      const printingToc = printOnce(cache, frontMatterPrint(html, printing), () => printFrontMatter(printTabs, html, printing));
      [toc, overlay] = await Promise.all([printingToc.then((bytes) => readPart(bytes)), overlayFor(overlaidTocPages, destinations)]);
      if (toc.pageCount === overlaidTocPages || attempt === TOC_ATTEMPTS) break;
    }
    const tocPages = toc?.pageCount ?? 0;
    if (tocPages !== overlaidTocPages) {
      // The numbers never settled the TOC's length: the overlay follows the last one printed.
      destinations = contentDestinations(content, coverPages + tocPages);
      overlay = await overlayFor(tocPages, destinations);
    }
    const printed = since();
    const started = await starting;
    const pages = await finishBook({
      ...text,
      book: started,
      front: [...(cover ? [{part: cover, role: 'cover' as const}] : []), ...(toc ? [{part: toc, role: 'toc' as const}] : [])],
      destinations,
      overlay: overlay?.pieces,
      overlayPages: overlay?.stamped ?? new Set(),
      outline: book.outline,
      marker: MARKER,
    });
    job.log(
      `merge: content written at ${contentWritten} (${started.reused} of ${content.length} parts as written before), ` +
        `TOC and overlay printed at ${printed}, book finished at ${since()}`,
    );
    return pages;
  }
}

/** Every destination of the content at its book page, the content starting at `firstPage`. */
function contentDestinations(content: readonly PrintedPart[], firstPage: number): Map<string, PartDestination> {
  let start = firstPage;
  return placeDestinations(
    content.map((part) => {
      const placed = {firstPage: start, destinations: new Map([...part.destinations].filter(([name]) => !isFigureMarker(name)))};
      start += part.pageCount;
      return placed;
    }),
  );
}
