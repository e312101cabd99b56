import {PDFDict, PDFDocument, PDFName, type PDFContext, type PDFPageLeaf, type PDFRef} from 'pdf-lib';
import type {OverlayPiece} from './print-overlay';
import {pageSize} from './book-navigation';
import {PDF_OBJECTS_PER_TICK} from '../shared/pdf-part';
import {itemsOf} from './struct-elements';
import {embedPages} from './embed-pages';

/** Pages printed to be drawn over the book's pages: the running headers and footers, the TOC's page numbers. */
export type OverlayLayer = {
  /** Its form's name in each book page's resources. */
  name: string;
  /** Its pages, one per book page from each piece's `firstPage` on. */
  pieces: readonly OverlayPiece[];
  /** The book pages it is drawn on. */
  stamped: ReadonlySet<number>;
};
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
 * Draws each layer's pages over their book pages, as artifacts (running headers, footers and page
 * numbers are page furniture, not content), after what the page draws, with the graphics state
 * the page began with. Only the page dictionaries are touched: ownResources made them ready. A
 * layer comes in pieces (print-overlay.ts), read one at a time; `prepare` is given each before it
 * is drawn.
 */
export async function stampOverlay(
  book: PDFDocument,
  pages: readonly PDFPageLeaf[],
  layers: readonly OverlayLayer[],
  prepare?: (overlay: PDFDocument) => Promise<unknown>,
): Promise<void> {
  const context = book.context;
  const push = context.getPushGraphicsStateContentStream();
  const pop = context.getPopGraphicsStateContentStream();
  const draws = new Map<string, PDFRef>();
  const pushed = new Set<PDFPageLeaf>();
  for (const layer of layers) {
    const name = PDFName.of(layer.name);
    for (const piece of layer.pieces) {
      const source = await PDFDocument.load(piece.bytes, {parseSpeed: PDF_OBJECTS_PER_TICK, updateMetadata: false});
      const onPiece = source.getPageIndices().filter((index) => layer.stamped.has(piece.firstPage + index));
      if (onPiece.length === 0) continue;
      await prepare?.(source);
      const embedded = embedPages(book, source, onPiece);
      onPiece.forEach((sourceIndex, index) => {
        const page = pages[piece.firstPage + sourceIndex]!;
        const form = embedded[index]!;
        const {width, height} = pageSize(page);
        const scale = `${width / form.width} 0 0 ${height / form.height} 0 0`;
        const drawKey = `${layer.name} ${scale}`;
        let draw = draws.get(drawKey);
        if (!draw) {
          draw = context.register(context.flateStream(`/Artifact BMC\nq\n${scale} cm\n${name.toString()} Do\nQ\nEMC\n`));
          draws.set(drawKey, draw);
        }
        page.lookup(RESOURCES, PDFDict).lookup(XOBJECT, PDFDict).set(name, form.ref);
        const contents = itemsOf(page.get(PDFName.of('Contents')));
        // The page's own drawing is wrapped once, so every layer starts from the state the page began with.
        page.set(PDFName.of('Contents'), context.obj(pushed.has(page) ? [...contents, draw] : [push, ...contents, pop, draw]));
        pushed.add(page);
      });
    }
  }
}
