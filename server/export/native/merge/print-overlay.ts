import type {PDFOptions} from 'puppeteer-core';
import type {BookPlan} from '../../book-plan';
import type {BookTexts} from '../../book-texts';
import {escapeHtml} from '../../page-templates';
import type {ExportJob} from '../../engine';
import {overlayPages, type placeDestinations} from './page-numbers';
import {buildOverlay} from './page/overlay';
import {contentBox, paperSize} from '../shared/paper';
import {printPart} from '../shared/print-part';
import type {PrintTabs} from '../shared/print-tabs';
import {overlayPrint, printOnce, type ExportPrintCache} from '../print-cache/print-once';

/** Overlay pages printed in one document. */
export const OVERLAY_PAGES_PER_PRINT = 400;

/** A piece of the overlay: the overlay pages of the book pages from `firstPage` on. */
export type OverlayPiece = {firstPage: number; bytes: Uint8Array};

/**
 * Prints the header and footer of every page as a transparent overlay, one
 * page per page of the book, which the merge draws over the book's pages: how
 * each page gets its chapter title and global page number. Undefined when both
 * templates are empty. `stamped`: the pages it is drawn on. Printed in pieces
 * of OVERLAY_PAGES_PER_PRINT pages: Chromium's print time grows faster than the
 * page count (overlays of 500 pages printed in 0.7 s, 2,000 in 13 s, 4,000 in
 * over 30 s).
 */
export async function printOverlay(
  tabs: PrintTabs,
  job: ExportJob,
  cache: ExportPrintCache | undefined,
  layout: {
    totalPages: number;
    coverPages: number;
    tocPages: number;
    bookTitle: string;
    plan: BookPlan;
    destinations: ReturnType<typeof placeDestinations>;
    pdf: PDFOptions;
    texts: BookTexts;
  },
): Promise<{pieces: OverlayPiece[]; stamped: Set<number>} | undefined> {
  const options = job.manifest.options;
  const {texts} = layout;
  const headerTemplate = texts.headerTemplate(layout.bookTitle);
  const footerTemplate = texts.footerTemplate;
  if (!headerTemplate && !footerTemplate) return undefined;
  const pages = overlayPages({
    totalPages: layout.totalPages,
    coverPages: layout.coverPages,
    tocPages: layout.tocPages,
    tocTitle: texts.tocTitle,
    chapters: [...layout.plan.parts, ...layout.plan.chapters],
    destinations: layout.destinations,
  });
  const size = paperSize(options.paperFormat);
  const pieces: OverlayPiece[] = [];
  for (let firstPage = 0; firstPage < pages.length; firstPage += OVERLAY_PAGES_PER_PRINT) {
    const piece = pages.slice(firstPage, firstPage + OVERLAY_PAGES_PER_PRINT);
    // The page's language and direction: in a right-to-left book the header's title sides swap.
    const html = `<!doctype html><html lang="${escapeHtml(texts.lang)}" dir="${texts.direction}"><head><meta charset="utf-8"></head><body></body></html>`;
    const pdf = {...layout.pdf, margin: {top: 0, right: 0, bottom: 0, left: 0}, printBackground: false, tagged: false};
    const input = {
      pages: piece.map((page) => ({...page, numeral: texts.pageNumber(page.number)})),
      total: texts.pageNumber(layout.totalPages),
      headerTemplate,
      footerTemplate,
      documentTitle: layout.bookTitle,
      date: texts.date(new Date()),
      pageWidth: size.width,
      pageHeight: size.height,
      marginTop: options.margin.top,
      marginBottom: options.margin.bottom,
    };
    // A piece whose pages keep their numbers and headers is the one printed before: an edit that
    // adds no page prints none again.
    const bytes = await printOnce(cache, overlayPrint({html, input}, pdf), () =>
      printPart(tabs, {
        origin: job.siteOrigin,
        html,
        pdf,
        layoutWidth: contentBox(options.paperFormat, {top: 0, right: 0, bottom: 0, left: 0}).width,
        prepare: async (page) => {
          await page.evaluate(buildOverlay, input);
        },
      }),
    );
    pieces.push({firstPage, bytes});
  }
  const stamped = new Set(pages.flatMap((page, index) => (page.title === null ? [] : [index])));
  return {pieces, stamped};
}
