import {promises as fs} from 'node:fs';
import type {Browser} from 'puppeteer-core';
import type {BookPlan} from '../../book-plan';
import type {ExportJob} from '../../engine';
import type {AssembledBook} from '../assemble/assemble';
import type {RenderedBook} from '../render/render';
import {printFrontMatter} from '../render/print-content';
import {ANCHOR, MARKER, TOC_TARGET, isFigureMarker} from '../shared/markers';
import {readPart, type PartDestination, type PdfPart} from '../shared/pdf-part';
import type {FontSharedGlyphs} from './font-shared-glyphs';
import {markPartArtifacts} from './part-artifacts';
import {mergeBook} from './merge-book';
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
export async function merge({browser, job, plan, book, rendered, sharedGlyphs}: MergeInput): Promise<{pages: number}> {
  const textHeight = (book.box.height * 72) / 96;
  const content = await Promise.all(rendered.parts.map((bytes) => readPart(bytes, {textHeight, anchorPrefix: ANCHOR})));
  // Marking the parts' artifacts starts now, to run while Chromium prints the TOC and the overlay.
  const marking = Promise.all(content.map(markPartArtifacts));
  marking.catch(() => undefined); // mergeBook awaits the same promises: a failure surfaces there.
  const cover = rendered.cover ? await readPart(rendered.cover) : undefined;
  let toc = rendered.firstToc ? await readPart(rendered.firstToc) : undefined;
  const coverPages = cover?.pageCount ?? 0;

  // The TOC's length decides where content starts; numbers never reflow it, but check.
  let destinations = new Map<string, PartDestination>();
  for (let attempt = 1; ; attempt++) {
    const tocPages = toc?.pageCount ?? 0;
    destinations = contentDestinations(content, coverPages + tocPages);
    if (!toc || !book.toc) break;
    destinations.set(TOC_TARGET, {page: coverPages, x: 0, y: toc.document.getPage(0).getHeight()});
    const html = book.toc((target) => {
      const page = destinations.get(target)?.page;
      return page === undefined ? undefined : page + 1;
    });
    const numbered = await readPart(
      await printFrontMatter(browser, html, {origin: job.siteOrigin, pdf: book.pdf, box: book.box, log: job.log}),
    );
    const settled = numbered.pageCount === tocPages;
    toc = numbered;
    if (settled || attempt === TOC_ATTEMPTS) break;
  }

  const tocPages = toc?.pageCount ?? 0;
  const totalPages = coverPages + tocPages + content.reduce((sum, part) => sum + part.pageCount, 0);
  const overlay = await printOverlay(browser, job, {
    totalPages,
    coverPages,
    tocPages,
    bookTitle: book.title,
    plan,
    destinations,
    pdf: book.pdf,
    texts: book.texts,
  });
  const bytes = await mergeBook({
    parts: [
      ...(cover ? [{part: cover, role: 'cover' as const}] : []),
      ...(toc ? [{part: toc, role: 'toc' as const}] : []),
      ...content.map((part) => ({part, role: 'content' as const})),
    ],
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
  return {pages: totalPages};
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
