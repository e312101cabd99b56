import {setImmediate as nextTurn} from 'node:timers/promises';
import {PDFDict, PDFDocument, PDFName, PDFNumber, PDFPageLeaf, PDFRef, ReadingDirection} from 'pdf-lib';
import type {ExportPrintCache} from '../print-cache/print-once';
import type {PartDestination, PrintedPart, ReadOptions} from '../shared/pdf-part';
import {BookWriter} from './book-writer';
import {
  pageSize,
  titlesByTarget,
  writeNamedDestinations,
  writeOutline,
  type LinkTargets,
  type OutlineEntry,
  type PlacedTarget,
  type ResolveTarget,
} from './book-navigation';
import {restoreSharedGlyphText} from './ideograph-text';
import {stampOverlay, type OverlayLayer} from './overlay-stamp';
import {BookStructure, type PartRole} from './structure-tree';
import {writeBookPart, type BookText} from './write-content';
import {placesKept, readPlace, writtenKeys} from './written-parts';
import {writeXmpMetadata} from './xmp-metadata';

export type {OutlineEntry} from './book-navigation';
export type {BookText} from './write-content';

/** A destination in the merged book. */
export type BookDestination = PartDestination;

export type StartInput = BookText & {
  /** The file the book is written to. */
  file: string;
  /** Cover and TOC, in book order, to go before the content. */
  front?: ReadonlyArray<{part: PrintedPart; role: Exclude<PartRole, 'content'>}>;
  content: readonly PrintedPart[];
  /** How render read the parts (readPart), to read them the same way. */
  read: ReadOptions;
  /** Every destination of the book by id, with global page indexes. */
  destinations: ReadonlyMap<string, PartDestination>;
  outline: readonly OutlineEntry[];
  /** Prefix of the link URLs that stand for in-book destinations. */
  marker: string;
  /** `direction: 'rtl'`: viewers lay two-page spreads out right to left. */
  metadata: BookMetadata;
  /** Where parts written into a book before are kept (written-parts.ts); none: every part is copied anew. */
  cache?: ExportPrintCache;
};

export type BookMetadata = {title: string; subject: string; language: string; direction?: 'ltr' | 'rtl'; author?: string};

/** The book with its pages written to the file, waiting for what is drawn over them and its end (finishBook). */
export type StartedBook = {
  document: PDFDocument;
  structure: BookStructure;
  writer: BookWriter;
  /** The book's pages, front matter first; their objects other than the page dictionaries are in the file. */
  pages: PDFPageLeaf[];
  pageRefs: PDFRef[];
  /** Content parts written again as a book before had them. */
  reused: number;
  /** Front matter parts (cover, TOC) written again as a book before had them. */
  frontReused: number;
};

/**
 * Begins the book: writes the front matter and each content part onto page references reserved
 * for the whole book, keeping only their page dictionaries in memory (the layers are drawn on
 * them last). A part written into a book before is written again as it was, its links pointed
 * again (write-content.ts); any other is read again, its artifacts marked, copied and linked.
 * One part is in memory at a time, read from where render left it (shared/part-bytes.ts) only
 * when it is not written again as before. merge.ts starts it before printing the TOC's
 * numbers and the overlay, which need none of it, so that the copying runs while Chromium prints.
 */
export async function startBook(input: StartInput): Promise<StartedBook> {
  const document = await PDFDocument.create({updateMetadata: false});
  const writer = await BookWriter.open(input.file);
  try {
    const {context} = document;
    // The information dictionary goes first: readers such as poppler read a file's first object
    // as a possible linearization dictionary, and a stream there makes them report a syntax error.
    writeMetadata(document, input.metadata);
    await writer.write(context, [context.trailerInfo.Info as PDFRef], {packed: false});
    const structure = new BookStructure(document);
    const firstContentObject = context.largestObjectNumber + 1;
    const {cache} = input;
    const titles = titlesByTarget(input.outline);
    const keyOf = cache && writtenKeys({...input, titles, firstContentObject, fonts: cache.machine.fonts});
    const parts = [...(input.front ?? []), ...input.content.map((part) => ({part, role: 'content' as const}))];
    const keys = keyOf ? parts.map(({part}) => keyOf(part.bytes.sha256)) : [];
    const places = cache ? placesKept(await Promise.all(keys.map((key) => readPlace(cache, key))), firstContentObject) : [];
    // Parts written before keep their numbers and keys; every other object and key goes above theirs.
    for (const place of places) {
      if (!place) continue;
      context.largestObjectNumber = Math.max(context.largestObjectNumber, ...place.numbers.map(([, last]) => last));
      structure.keysFrom(place.keys[1]);
    }
    // A part written before keeps its pages' references (the first of its ranges) too.
    const keptPages = parts.map(({part}, index) => {
      const [first, last] = places[index]?.numbers[0] ?? [0, -1];
      return places[index]?.pageCount === part.pageCount && last - first + 1 === part.pageCount ? first : undefined;
    });
    const pageRefs = parts.flatMap(({part}, index) =>
      Array.from({length: part.pageCount}, (_, page) =>
        keptPages[index] === undefined ? context.nextRef() : PDFRef.of(keptPages[index] + page),
      ),
    );
    const pages: PDFPageLeaf[] = [];
    let height = 0;
    const resolve: ResolveTarget = (id) => {
      const destination = input.destinations.get(id);
      return destination && {ref: pageRefs[destination.page]!, height, x: destination.x, y: destination.y};
    };
    const targets: LinkTargets = {resolve, titles, marker: input.marker};
    let [reused, frontReused] = [0, 0];
    for (const [index, {part, role}] of parts.entries()) {
      const refs = pageRefs.slice(pages.length, pages.length + part.pageCount);
      const how = {
        ...{context, structure, writer, text: input, read: input.read, targets},
        pagesAre: (pageHeight: number) => (height = pageHeight),
        cache: cache && {store: cache, keys: keys[index]!},
      };
      const {leaves, again} = await writeBookPart(part, role, refs, keptPages[index] === undefined ? undefined : places[index], how);
      if (again && role === 'content') reused++;
      else if (again) frontReused++;
      pages.push(...leaves);
      await nextTurn();
    }
    return {document, structure, writer, pages, pageRefs, reused, frontReused};
  } catch (error) {
    await writer.abandon();
    throw error;
  }
}

export type FinishInput = BookText & {
  /** The book begun by startBook. */
  book: StartedBook;
  /** Every named destination of the book, by id, with global page indexes. */
  destinations: Map<string, BookDestination>;
  /** What is drawn over the pages (headers and footers, the TOC's numbers), in the order drawn. */
  layers: readonly OverlayLayer[];
  outline: readonly OutlineEntry[];
  /** Prefix of the link URLs that stand for in-book destinations. */
  marker: string;
};

/**
 * Finishes the book: page tree, the layers drawn over the pages (headers and footers, the TOC's
 * numbers), structure tree, named destinations, outline, metadata, and the end of the file. Returns the
 * number of pages.
 */
export async function finishBook(input: FinishInput): Promise<number> {
  const {document, structure, writer, pages, pageRefs} = input.book;
  const {context} = document;
  try {
    const tree = document.catalog.get(PDFName.of('Pages')) as PDFRef;
    context.lookup(tree, PDFDict).set(PDFName.of('Kids'), context.obj(pageRefs));
    context.lookup(tree, PDFDict).set(PDFName.of('Count'), PDFNumber.of(pageRefs.length));
    for (const page of pages) page.set(PDFName.of('Parent'), tree);

    const resolve: ResolveTarget = (id) => {
      const destination = input.destinations.get(id);
      const page = destination && pages[destination.page];
      return (
        page &&
        ({ref: pageRefs[destination.page]!, height: pageSize(page).height, x: destination.x, y: destination.y} satisfies PlacedTarget)
      );
    };
    const {sharedGlyphs, bookChars} = input;
    const prepare = sharedGlyphs && ((overlay: PDFDocument) => restoreSharedGlyphText(overlay, sharedGlyphs, bookChars));
    await stampOverlay(document, pages, input.layers, prepare);
    structure.write();
    writeNamedDestinations(document, input.destinations.keys(), resolve);
    writeOutline(document, input.outline, resolve);
    const {Root, Info, ID} = context.trailerInfo;
    await writer.finish(context, `/Root ${String(Root)} /Info ${String(Info)}${ID ? ` /ID ${String(ID)}` : ''}`);
    return pages.length;
  } catch (error) {
    await writer.abandon();
    throw error;
  }
}

function writeMetadata(document: PDFDocument, metadata: BookMetadata): void {
  document.setTitle(metadata.title, {showInWindowTitleBar: true});
  document.setSubject(metadata.subject);
  document.setLanguage(metadata.language);
  if (metadata.direction === 'rtl') document.catalog.getOrCreateViewerPreferences().setReadingDirection(ReadingDirection.R2L);
  if (metadata.author) document.setAuthor(metadata.author);
  const creatorTool = 'docusaurus-plugin-export-pdf';
  const producer = 'docusaurus-plugin-export-pdf (Chromium, pdf-lib)';
  const date = new Date();
  document.setCreator(creatorTool);
  document.setProducer(producer);
  document.setCreationDate(date);
  document.setModificationDate(date);
  writeXmpMetadata(document, {...metadata, creatorTool, producer, date});
}
