import path from 'node:path';
import type {ExportJob} from '../../engine';
import type {BookOnDisk, PartHtml} from '../assemble/part-files';
import {ANCHOR} from '../shared/markers';
import {PrintCache} from '../print-cache/print-cache';
import {frontMatterPrint, printOnce, type ExportPrintCache} from '../print-cache/print-once';
import {fileBytes, heldBytes} from '../shared/part-bytes';
import {readPartFacts} from '../shared/part-facts';
import type {PartDestination, PrintedPart, ReadOptions} from '../shared/pdf-part';
import type {PrintTabs} from '../shared/print-tabs';
import {runPool} from '../shared/run-pool';
import {printContentPart, printFrontMatter, type PartPrinting} from './print-content';
import {printTocInPieces} from './toc-pieces';
import type {TocRange} from '../assemble/book-html';

/** A cover or TOC printed, read for its length and the height of its first page (where its bookmark points). */
export type FrontPart = PrintedPart & {pageHeight: number};

/** A piece of the TOC printed: its pages are the TOC's from row `rows.from` on. */
export type TocPiece = FrontPart & {rows: TocRange};

/** The book's documents as PDF: the cover, the TOC (its page numbers stamped in merge), the content parts read. */
export type RenderedBook = {
  cover?: FrontPart;
  /**
   * Tagged, links and all, with the page-number column empty: an edit that moves pages does not
   * print it again. In pieces of whole pages when it is long (toc-pieces.ts), each with its rows.
   */
  toc?: TocPiece[];
  /** Each read as soon as printed, while the other tabs print on, for its length and destinations, and put in a file of the export's work directory; merge reads it again. */
  parts: PrintedPart[];
  /** How the parts were read. */
  read: ReadOptions;
  /** Content parts printed now; the others came from the print cache. */
  printed: number;
};

export type RenderInput = {
  /** The export's print tabs: `tabs` of them print at once. */
  printTabs: PrintTabs;
  job: ExportJob;
  book: BookOnDisk;
  /** Tabs printing at once. */
  tabs: number;
  /** Told after each print: how many are done of how many. */
  onPrinted: (done: number, total: number) => void;
  /** Prints made before, the content parts by their keys (print-cache/part-key.ts); none: print everything. */
  cache?: ExportPrintCache & {keys: string[]};
};

/** How this export prints its content parts; the print cache's keys (print-cache/part-key.ts) are made of it too. */
export function partPrinting(job: ExportJob, book: Pick<BookOnDisk, 'pdf' | 'box' | 'links'>): PartPrinting {
  return {
    origin: job.siteOrigin,
    pdf: book.pdf,
    box: book.box,
    marginTop: job.manifest.options.margin.top,
    links: book.links,
    log: job.log,
  };
}

type StoredFacts = Omit<PrintedPart, 'bytes'>;

/** The cache key of a part's facts: what reading it told (readPart's options are in the part's key). */
const factsKey = (key: string) => PrintCache.key({facts: key});

const writeFacts = (facts: StoredFacts) =>
  Buffer.from(JSON.stringify({pageCount: facts.pageCount, destinations: [...facts.destinations]}), 'utf8');

function readFacts(bytes: Uint8Array): StoredFacts {
  const facts = JSON.parse(Buffer.from(bytes).toString('utf8')) as {pageCount: number; destinations: Array<[string, PartDestination]>};
  return {pageCount: facts.pageCount, destinations: new Map(facts.destinations)};
}

/**
 * Prints the cover, the TOC and the content parts side by side, in `tabs` tabs. A content
 * part whose key the print cache holds is read from there instead; a part printed is stored.
 */
export async function render({printTabs, job, book, tabs, onPrinted, cache}: RenderInput): Promise<RenderedBook> {
  const printing = partPrinting(job, book);
  const untagged: PartPrinting = {...printing, pdf: {...printing.pdf, tagged: false}};
  const {cover, toc} = book;
  const read: ReadOptions = {textHeight: (book.box.height * 72) / 96, anchorPrefix: ANCHOR};
  const rendered: RenderedBook = {parts: [], read, printed: 0};
  const store = cache?.store;
  const contentPart = async (part: PartHtml, index: number): Promise<PrintedPart> => {
    const key = cache?.keys[index];
    const kept = key === undefined ? undefined : await store!.get(key);
    if (kept) {
      const facts = await store!.get(factsKey(key!));
      return facts ? {bytes: await keep(kept, index), ...readFacts(facts)} : withFacts(kept, index, key);
    }
    const bytes = await printContentPart(printTabs, await part.read(), printing);
    rendered.printed++;
    if (key !== undefined) await store!.put(key, bytes);
    return withFacts(bytes, index, key);
  };
  const keep = (bytes: Uint8Array, index: number) => fileBytes(bytes, path.join(job.workDir, `part-${index}.pdf`));
  // Only the facts are read here, from the few objects that hold them (part-facts.ts); merge reads
  // the part whole. They are stored beside the part, so that a part printed before is not read again.
  const withFacts = async (bytes: Uint8Array, index: number, key: string | undefined): Promise<PrintedPart> => {
    const {pageCount, destinations} = await readPartFacts(bytes, read);
    if (key !== undefined) await store!.put(factsKey(key), writeFacts({pageCount, destinations}));
    return {bytes: await keep(bytes, index), pageCount, destinations};
  };
  const printFront = (html: string, how: PartPrinting) =>
    printOnce(cache, frontMatterPrint(html, how), () => printFrontMatter(printTabs, html, how));
  const frontPart = async (bytes: Uint8Array): Promise<FrontPart> => {
    const {pageCount, firstPageHeight} = await readPartFacts(bytes);
    return {bytes: heldBytes(bytes), pageCount, destinations: new Map(), pageHeight: firstPageHeight};
  };
  // A trial print of a piece of the TOC is only read for where its pages break.
  const trial: PartPrinting = {...printing, pdf: {...printing.pdf, tagged: false, printBackground: false}};
  let done = 0;
  const tasks: Array<() => Promise<void>> = [
    // The cover is page furniture (the title is the document's, in its metadata): printed untagged, merged as an artifact.
    async () => {
      if (cover) rendered.cover = await frontPart(await printFront(cover, untagged));
    },
    async () => {
      if (!toc) return;
      const pieces = await printTocInPieces(toc, (html, isTrial) => printFront(html, isTrial ? trial : printing), frontPart, job.log);
      rendered.toc = pieces.map(({rows, printed}) => ({...printed, rows}));
      if (pieces.length > 1) job.log(`TOC printed in ${pieces.length} pieces of whole pages (${toc.rows.length} rows)`);
    },
    // Progress counts the content parts, as the log's parts=N does; the cover and the TOC are quick.
    ...book.parts.map((part, index) => async () => {
      rendered.parts[index] = await contentPart(part, index);
      onPrinted(++done, book.parts.length);
    }),
  ];
  onPrinted(0, book.parts.length);
  await runPool(tasks, tabs);
  return rendered;
}
