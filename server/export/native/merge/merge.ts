import {PDFDocument} from 'pdf-lib';
import type {BookPlan} from '../../book-plan';
import type {ExportJob} from '../../engine';
import type {BookOnDisk} from '../assemble/part-files';
import type {RenderedBook, TocPiece} from '../render/render';
import {printFrontMatter} from '../render/print-content';
import {MARKER, TOC_TARGET, isFigureMarker} from '../shared/markers';
import {frontMatterPrint, printOnce, type ExportPrintCache} from '../print-cache/print-once';
import {type PartDestination, type PrintedPart} from '../shared/pdf-part';
import type {FontSharedGlyphs} from './font-shared-glyphs';
import {finishBook, startBook} from './merge-book';
import type {OverlayLayer} from './overlay-stamp';
import {placeDestinations} from './page-numbers';
import {printOverlay, type OverlayPiece} from './print-overlay';
import type {PrintTabs} from '../shared/print-tabs';

export type MergeInput = {
  /** The export's print tabs, which render leaves open for the TOC's numbers and the overlay; closed once those are printed. */
  printTabs: PrintTabs;
  job: ExportJob;
  plan: BookPlan;
  book: BookOnDisk;
  rendered: RenderedBook;
  sharedGlyphs: FontSharedGlyphs;
  /** Where a TOC or overlay piece printed before for the same numbers is taken from; none: print them. */
  cache?: ExportPrintCache;
};

/**
 * Joins the printed parts into the book and writes it to the job's output file.
 * The TOC's page numbers and the running headers and footers are printed here, as layers
 * drawn over the pages, not in render: they need every part's length, which only the printed
 * parts tell. So an edit that moves pages prints them again, but not the TOC or any other part.
 * Returns the book's page count.
 */
export async function merge({printTabs, job, plan, book, rendered, sharedGlyphs, cache}: MergeInput): Promise<number> {
  const content = rendered.parts;
  const text = {sharedGlyphs, bookChars: book.bookChars};
  const began = performance.now();
  const since = () => `${((performance.now() - began) / 1000).toFixed(1)} s`;
  let contentWritten = '';
  const {cover, toc} = rendered;
  const coverPages = cover?.pageCount ?? 0;
  const tocPages = toc?.reduce((sum, piece) => sum + piece.pageCount, 0) ?? 0;
  const contentPages = content.reduce((sum, part) => sum + part.pageCount, 0);
  const destinations = contentDestinations(content, coverPages + tocPages);
  if (toc?.[0]) destinations.set(TOC_TARGET, {page: coverPages, x: 0, y: toc[0].pageHeight});
  // The pages are copied into the book and written while Chromium prints the TOC's numbers and the overlay.
  const starting = startBook({
    ...text,
    file: job.outputFile,
    front: [
      ...(cover ? [{part: cover, role: 'cover' as const}] : []),
      ...(toc ?? []).map((piece) => ({part: piece, role: 'toc' as const})),
    ],
    content,
    read: rendered.read,
    destinations,
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
    await printTabs.keepIdle(1);
    const printingOverlay = printOverlay(printTabs, job, cache, {
      totalPages: coverPages + tocPages + contentPages,
      coverPages,
      tocPages,
      bookTitle: book.title,
      plan,
      destinations,
      pdf: book.pdf,
      texts: book.texts,
    });
    // One after the other, in one of render's tabs (the others closed): their prints take less time
    // than the copying of the pages they run beside (8.9 s against 17.8 s at 1,000 docs, printed in
    // two tabs), and a second renderer held 220-345 MB.
    const overlay = await printingOverlay;
    const numbers = toc && book.toc ? await printTocNumbers(toc) : undefined;
    // Nothing is printed after them: the tab's renderer goes now, not when the export ends.
    await printTabs.close();
    const printed = since();
    const started = await starting;
    const layers: OverlayLayer[] = [];
    if (overlay) layers.push({name: 'BookOverlay', pieces: overlay.pieces, stamped: overlay.stamped});
    if (numbers) layers.push(numbers);
    const pages = await finishBook({
      ...text,
      book: started,
      destinations,
      layers,
      outline: book.outline,
      marker: MARKER,
    });
    job.log(
      `merge: content written at ${contentWritten} (${started.reused} of ${content.length} parts as written before, ` +
        `${started.frontReused} of ${(cover ? 1 : 0) + (toc?.length ?? 0)} of the cover and TOC pieces), ` +
        `TOC numbers and overlay printed at ${printed}, book finished at ${since()}`,
    );
    return pages;

    /** The TOC's page numbers, printed on pages laid out as the TOC's, piece by piece, and drawn over them. */
    async function printTocNumbers(pieces: TocPiece[]): Promise<OverlayLayer> {
      const pageOf = (target: string) => {
        const page = destinations.get(target)?.page;
        return page === undefined ? undefined : page + 1;
      };
      const printing = {origin: job.siteOrigin, pdf: {...book.pdf, tagged: false, printBackground: false}, box: book.box, log: job.log};
      const printed: OverlayPiece[] = [];
      let firstPage = coverPages;
      for (const piece of pieces) {
        const html = book.toc!.numbers(pageOf, piece.rows);
        const bytes = await printOnce(cache, frontMatterPrint(html, printing), () => printFrontMatter(printTabs, html, printing));
        const pageCount = await countPages(bytes);
        // Numbers never reflow the TOC (its page column has a fixed width): a different length is a bug, not a book.
        if (pageCount !== piece.pageCount)
          throw new Error(`the TOC's page numbers printed on ${pageCount} pages, the TOC on ${piece.pageCount}`);
        printed.push({firstPage, bytes});
        firstPage += pageCount;
      }
      return {name: 'TocNumbers', pieces: printed, stamped: new Set(range(coverPages, tocPages))};
    }
  }
}

const range = (from: number, count: number) => Array.from({length: count}, (_, index) => from + index);

async function countPages(bytes: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(bytes, {updateMetadata: false});
  return document.getPageCount();
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
