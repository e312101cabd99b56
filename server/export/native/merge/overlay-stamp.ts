import {PDFDict, PDFDocument, PDFName, type PDFContext, type PDFPageLeaf, type PDFRef} from 'pdf-lib';
import type {OverlayPiece} from './print-overlay';
import {pageSize} from './book-navigation';
import {PDF_OBJECTS_PER_TICK} from '../shared/pdf-part';
import {itemsOf} from './struct-elements';

/** The overlay page's name in each book page's resources. */
const OVERLAY = PDFName.of('BookOverlay');
const RESOURCES = PDFName.of('Resources');
const XOBJECT = PDFName.of('XObject');

/**
 * Gives a page resources and an XObject dictionary of its own, written in the page: its content
 * part's objects are written to the file and dropped before the overlay is drawn (merge-book.ts),
 * so what the overlay adds to must not be one of them, nor shared with another page.
 */
export function ownResources(context: PDFContext, page: PDFPageLeaf): void {
  const resources = context.lookupMaybe(page.get(RESOURCES), PDFDict)?.clone(context) ?? context.obj({});
  const xObjects = context.lookupMaybe(resources.get(XOBJECT), PDFDict)?.clone(context) ?? context.obj({});
  resources.set(XOBJECT, xObjects);
  page.set(RESOURCES, resources);
}

/**
 * Draws each overlay page over its book page, as an artifact (running headers, footers and page
 * numbers are page furniture, not content), after what the page draws, with the graphics state the
 * page began with. Only the page dictionaries are touched: ownResources made them ready. The
 * overlay comes in pieces (print-overlay.ts), read one at a time; `prepare` is given each before
 * it is drawn.
 */
export async function stampOverlay(
  book: PDFDocument,
  pages: readonly PDFPageLeaf[],
  overlay: {pieces: readonly OverlayPiece[]; stamped: ReadonlySet<number>; prepare?: (overlay: PDFDocument) => Promise<unknown>},
): Promise<void> {
  const context = book.context;
  const push = context.getPushGraphicsStateContentStream();
  const pop = context.getPopGraphicsStateContentStream();
  const draws = new Map<string, PDFRef>();
  for (const piece of overlay.pieces) {
    const source = await PDFDocument.load(piece.bytes, {parseSpeed: PDF_OBJECTS_PER_TICK, updateMetadata: false});
    const onPiece = source.getPageIndices().filter((index) => overlay.stamped.has(piece.firstPage + index));
    if (onPiece.length === 0) continue;
    await overlay.prepare?.(source);
    const embedded = await book.embedPdf(source, onPiece);
    // pdf-lib writes embedded pages when the document is flushed; this book is written by BookWriter.
    await book.flush();
    onPiece.forEach((sourceIndex, index) => {
      const page = pages[piece.firstPage + sourceIndex]!;
      const form = embedded[index]!;
      const {width, height} = pageSize(page);
      const scale = `${width / form.width} 0 0 ${height / form.height} 0 0`;
      let draw = draws.get(scale);
      if (!draw) {
        draw = context.register(context.flateStream(`/Artifact BMC\nq\n${scale} cm\n${OVERLAY.toString()} Do\nQ\nEMC\n`));
        draws.set(scale, draw);
      }
      page.lookup(RESOURCES, PDFDict).lookup(XOBJECT, PDFDict).set(OVERLAY, form.ref);
      page.set(PDFName.of('Contents'), context.obj([push, ...itemsOf(page.get(PDFName.of('Contents'))), pop, draw]));
    });
  }
}
