import {PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject} from 'pdf-lib';
import type {TocRange, TocRow} from '../assemble/book-html';
import {MARKER} from '../shared/markers';
import {anchorOf} from '../shared/pdf-part';

/**
 * Rows a TOC prints in one document at most. Chromium's memory for a print grows with the
 * document: a TOC of 15,000 rows (3,000 docs) took its renderer to 835 MB, the browser
 * process to 485 MB and the print compositor to 227 MB, against 183, 247 and 59 MB for 1,500
 * rows. A longer TOC is printed in pieces of whole pages.
 */
export const TOC_ROWS_PER_PRINT = 1500;

/** The TOC as render prints it: its rows, and the document of any stretch of them (assemble.ts). */
export type PrintableToc = {rows: TocRow[]; document: (rows?: TocRange) => string};

/** How a piece of the TOC is printed: `trial` for a print only read for where its pages break, untagged and without backgrounds. */
export type PrintTocPiece = (html: string, trial: boolean) => Promise<Uint8Array>;

/** A piece of the TOC printed, its pages those of the whole TOC's from its first row on. */
export type PrintedTocPiece<T> = {rows: TocRange; printed: T};

/**
 * Prints the TOC, in pieces when it has more than `rowsPerPrint` rows, so that no print holds the
 * whole TOC. Each piece ends where a page of the whole TOC ends: a trial print of the next
 * `rowsPerPrint` rows (cut before a doc or category, never inside an entry kept with its
 * headings) tells which row its last page starts with; the piece is the rows before it, and the
 * next piece starts there. Pages before the last of a trial print are laid out as in the whole
 * TOC: the rules that move an entry to the next page look no further than the entry's own
 * headings. A piece that does not print on the trial's pages but its last is a bug of that
 * reasoning: the TOC is then printed whole, as before, and the log says so.
 * `read` gives a piece's page count, and whatever else the caller keeps of it.
 */
export async function printTocInPieces<T extends {pageCount: number}>(
  toc: PrintableToc,
  print: PrintTocPiece,
  read: (bytes: Uint8Array) => Promise<T>,
  log: (line: string) => void,
  rowsPerPrint = TOC_ROWS_PER_PRINT,
): Promise<Array<PrintedTocPiece<T>>> {
  const count = toc.rows.length;
  const whole = async () => [{rows: {from: 0, to: count}, printed: await read(await print(toc.document(), false))}];
  if (count <= rowsPerPrint) return whole();
  const pieces: Array<PrintedTocPiece<T>> = [];
  for (let from = 0; from < count;) {
    if (count - from <= rowsPerPrint) {
      pieces.push({rows: {from, to: count}, printed: await read(await print(toc.document({from, to: count}), false))});
      break;
    }
    let to = from + rowsPerPrint;
    while (to > from + 1 && toc.rows[to]!.kind === 'heading') to--;
    const trial = await lastPageStart(await print(toc.document({from, to}), true), toc.rows, {from, to});
    if (!trial) {
      log(`the TOC printed whole: its rows ${from}-${to - 1} printed on a single page`);
      return whole();
    }
    const printed = await read(await print(toc.document({from, to: trial.row}), false));
    if (printed.pageCount !== trial.pages - 1) {
      log(`the TOC printed whole: its rows ${from}-${trial.row - 1} took ${printed.pageCount} pages, not ${trial.pages - 1}`);
      return whole();
    }
    pieces.push({rows: {from, to: trial.row}, printed});
    from = trial.row;
  }
  return pieces;
}

/** The page count of a trial print of `rows`, and the row its last page starts with; none when that is its first row. */
async function lastPageStart(bytes: Uint8Array, rows: TocRow[], range: TocRange): Promise<{pages: number; row: number} | undefined> {
  const document = await PDFDocument.load(bytes, {updateMetadata: false});
  const pages = document.getPages();
  const last = pages[pages.length - 1]!;
  const {context} = document;
  const deref = (object: PDFObject | undefined) => (object === undefined ? undefined : context.lookup(object));
  const targets = new Set<string>();
  const annotations = last.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  for (let index = 0; annotations && index < annotations.size(); index++) {
    const link = anchorOf(annotations.lookupMaybe(index, PDFDict), MARKER, deref);
    if (link) targets.add(link.id);
  }
  // Targets are unique in a TOC; the first row at or after `from` that has one is its row.
  let row = range.to;
  for (let index = range.from; index < range.to && index < row; index++) if (targets.has(rows[index]!.target)) row = index;
  return pages.length > 1 && row > range.from && row < range.to ? {pages: pages.length, row} : undefined;
}
