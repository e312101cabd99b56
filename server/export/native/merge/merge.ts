import {promises as fs} from 'node:fs';
import type {Browser} from 'puppeteer-core';
import type {BookPlan} from '../../book-plan';
import type {ExportJob} from '../../engine';
import type {AssembledBook} from '../assemble/assemble';
import type {RenderedBook} from '../render/render';
import {printFrontMatter} from '../render/print-content';
import {MARKER, TOC_TARGET, isFigureMarker} from '../shared/markers';
import {readPart, type PartDestination, type PdfPart} from '../shared/pdf-part';
import type {FontSharedGlyphs} from './font-shared-glyphs';
import {mergeBook, startBook} from './merge-book';
import {placeDestinations} from './page-numbers';
import {printOverlay} from './print-overlay';

export type MergeInput = {
  browser: Browser;
  job: ExportJob;
  plan: BookPlan;
  book: AssembledBook;
  rendered: RenderedBook;
  sharedGlyphs: FontSharedGlyphs;
};

/** TOC prints tried before its length is taken as settled. */
const TOC_ATTEMPTS = 3;

/**
 * Joins the printed parts into the book and writes it to the job's output file.
 * The TOC's page numbers and the running headers and footers are printed here,
 * not in render: they need every part's length, which only the printed parts tell.
 */
export async function merge({browser, job, plan, book, rendered, sharedGlyphs}: MergeInput): Promise<{pages: number; bytes: Uint8Array}> {
  const content = rendered.parts;
  // The content is marked and copied into the book while Chromium prints the TOC and the overlay.
  const started = startBook(content);
  started.catch(() => undefined); // awaited below: a failure surfaces there.
  const cover = rendered.cover ? await readPart(rendered.cover) : undefined;
  let toc = rendered.firstToc ? await readPart(rendered.firstToc) : undefined;
  const coverPages = cover?.pageCount ?? 0;
  const contentPages = content.reduce((sum, part) => sum + part.pageCount, 0);
  const overlayFor = (tocPages: number, destinations: Map<string, PartDestination>) =>
    printOverlay(browser, job, {
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
    const printingToc = printFrontMatter(browser, html, {origin: job.siteOrigin, pdf: book.pdf, box: book.box, log: job.log});
    [toc, overlay] = await Promise.all([printingToc.then((bytes) => readPart(bytes)), overlayFor(overlaidTocPages, destinations)]);
    if (toc.pageCount === overlaidTocPages || attempt === TOC_ATTEMPTS) break;
  }
  const tocPages = toc?.pageCount ?? 0;
  if (tocPages !== overlaidTocPages) {
    // The numbers never settled the TOC's length: the overlay follows the last one printed.
    destinations = contentDestinations(content, coverPages + tocPages);
    overlay = await overlayFor(tocPages, destinations);
  }
  const bytes = await mergeBook({
    book: await started,
    front: [...(cover ? [{part: cover, role: 'cover' as const}] : []), ...(toc ? [{part: toc, role: 'toc' as const}] : [])],
    destinations,
    overlay: overlay?.bytes,
    overlayPages: overlay?.stamped ?? new Set(),
    outline: book.outline,
    marker: MARKER,
    metadata: book.metadata,
    sharedGlyphs,
    bookChars: book.bookChars,
  });
  await fs.writeFile(job.outputFile, bytes);
  return {pages: coverPages + tocPages + contentPages, bytes};
}

/** Every destination of the content at its book page, the content starting at `firstPage`. */
function contentDestinations(content: PdfPart[], firstPage: number): Map<string, PartDestination> {
  let start = firstPage;
  return placeDestinations(
    content.map((part) => {
      const placed = {firstPage: start, destinations: new Map([...part.destinations].filter(([name]) => !isFigureMarker(name)))};
      start += part.pageCount;
      return placed;
    }),
  );
}
