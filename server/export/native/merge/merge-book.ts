import {setImmediate as nextTurn} from 'node:timers/promises';
import {PDFDict, PDFDocument, PDFName, PDFNumber, PDFPageLeaf, PDFRef, ReadingDirection} from 'pdf-lib';
import type {ExportPrintCache} from '../print-cache/print-once';
import type {PartDestination, PdfPart, PrintedPart, ReadOptions} from '../shared/pdf-part';
import {BookWriter} from './book-writer';
import {
  linkPages,
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
import {ownResources, stampOverlay} from './overlay-stamp';
import type {OverlayPiece} from './print-overlay';
import {BookStructure, type PartRole} from './structure-tree';
import {copyPart, writeContentPart, type BookText} from './write-content';
import {placesKept, readPlace, writtenKeys} from './written-parts';
import {writeXmpMetadata} from './xmp-metadata';

export type {OutlineEntry} from './book-navigation';
export type {BookText} from './write-content';

/** A destination in the merged book. */
export type BookDestination = PartDestination;

export type StartInput = BookText & {
  /** The file the book is written to. */
  file: string;
  content: readonly PrintedPart[];
  /** How render read the parts (readPart), to read them the same way. */
  read: ReadOptions;
  /** Every destination of the content by id, its page counted from the first content page. */
  destinations: ReadonlyMap<string, PartDestination>;
  /** The id links use for the TOC's first page; none when the book has no TOC. */
  tocTarget?: string;
  outline: readonly OutlineEntry[];
  /** Prefix of the link URLs that stand for in-book destinations. */
  marker: string;
  /** `direction: 'rtl'`: viewers lay two-page spreads out right to left. */
  metadata: BookMetadata;
  /** Where parts written into a book before are kept (written-parts.ts); none: every part is copied anew. */
  cache?: ExportPrintCache;
};

export type BookMetadata = {title: string; subject: string; language: string; direction?: 'ltr' | 'rtl'; author?: string};

/** The book with its content written to the file, waiting for its front matter (finishBook). */
export type StartedBook = {
  document: PDFDocument;
  structure: BookStructure;
  writer: BookWriter;
  /** The content's pages, in order; their objects other than the page dictionaries are in the file. */
  contentPages: PDFPageLeaf[];
  contentRefs: PDFRef[];
  /** Reserved for the TOC's first page, which content links may jump to. */
  tocRef?: PDFRef;
  /** Content parts written again as a book before had them. */
  reused: number;
};

/**
 * Begins the book: writes each content part onto page references reserved for the whole book,
 * keeping only its page dictionaries in memory (the overlay is drawn on them last). A part
 * written into a book before is written again as it was, its links pointed again
 * (write-content.ts); any other is read again, its artifacts marked, copied and linked. One part
 * is in memory at a time. merge.ts starts it before printing the TOC and the overlay, which need
 * none of it, so that the copying runs while Chromium prints.
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
    const keys = keyOf ? input.content.map((part) => keyOf(part.bytes)) : [];
    const places = cache ? placesKept(await Promise.all(keys.map((key) => readPlace(cache, key))), firstContentObject) : [];
    // Parts written before keep their numbers and keys; every other object and key goes above theirs.
    for (const place of places) {
      if (!place) continue;
      context.largestObjectNumber = Math.max(context.largestObjectNumber, ...place.numbers.map(([, last]) => last));
      structure.keysFrom(place.keys[1]);
    }
    // A part written before keeps its pages' references (the first of its ranges) too.
    const keptPages = input.content.map((part, index) => {
      const [first, last] = places[index]?.numbers[0] ?? [0, -1];
      return places[index]?.pageCount === part.pageCount && last - first + 1 === part.pageCount ? first : undefined;
    });
    const contentRefs = input.content.flatMap((part, index) =>
      Array.from({length: part.pageCount}, (_, page) =>
        keptPages[index] === undefined ? context.nextRef() : PDFRef.of(keptPages[index] + page),
      ),
    );
    const tocRef = input.tocTarget ? context.nextRef() : undefined;
    const contentPages: PDFPageLeaf[] = [];
    let height = 0;
    const resolve: ResolveTarget = (id) => {
      if (id === input.tocTarget && tocRef) return {ref: tocRef, height, x: 0, y: height};
      const destination = input.destinations.get(id);
      return destination && {ref: contentRefs[destination.page]!, height, x: destination.x, y: destination.y};
    };
    const targets: LinkTargets = {resolve, titles, marker: input.marker};
    let reused = 0;
    for (const [index, printed] of input.content.entries()) {
      const refs = contentRefs.slice(contentPages.length, contentPages.length + printed.pageCount);
      const how = {
        ...{context, structure, writer, text: input, read: input.read, targets},
        pagesAre: (pageHeight: number) => (height = pageHeight),
        cache: cache && {store: cache, keys: keys[index]!},
      };
      const {leaves, again} = await writeContentPart(printed, refs, keptPages[index] === undefined ? undefined : places[index], how);
      if (again) reused++;
      contentPages.push(...leaves);
      await nextTurn();
    }
    return {document, structure, writer, contentPages, contentRefs, tocRef, reused};
  } catch (error) {
    await writer.abandon();
    throw error;
  }
}

export type FinishInput = BookText & {
  /** The book begun by startBook. */
  book: StartedBook;
  /** Cover and TOC, in book order, to go before the content. */
  front?: Array<{part: PdfPart; role: Exclude<PartRole, 'content'>}>;
  /** Every named destination of the book, by id, with global page indexes. */
  destinations: Map<string, BookDestination>;
  /** The overlay (headers and footers), one page per book page, in pieces; none without headers and footers. */
  overlay?: readonly OverlayPiece[];
  /** Pages the overlay is drawn on (the cover gets none). */
  overlayPages: ReadonlySet<number>;
  outline: readonly OutlineEntry[];
  /** Prefix of the link URLs that stand for in-book destinations. */
  marker: string;
};

/**
 * Finishes the book: front matter, page tree, headers and footers, links of the front matter,
 * structure tree, named destinations, outline, metadata, and the end of the file. Returns the
 * number of pages.
 */
export async function finishBook(input: FinishInput): Promise<number> {
  const {document, structure, writer, contentPages, contentRefs, tocRef} = input.book;
  const {context} = document;
  try {
    const front: PDFPageLeaf[] = [];
    const frontRefs: PDFRef[] = [];
    const frontRoots = [];
    for (const {part, role} of input.front ?? []) {
      const refs = part.document.getPages().map((_, index) => (role === 'toc' && index === 0 && tocRef) || context.nextRef());
      const {pages, roots} = await copyPart(structure, part, role, input, refs);
      for (const page of pages) ownResources(context, page.node);
      front.push(...pages.map((page) => page.node));
      frontRefs.push(...refs);
      frontRoots.push(...roots);
    }
    const pages = [...front, ...contentPages];
    const pageRefs = [...frontRefs, ...contentRefs];
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
    const titles = titlesByTarget(input.outline);
    structure.forget(frontRoots, linkPages(context, front, {resolve, titles, marker: input.marker}).dropped);
    if (input.overlay) {
      const {sharedGlyphs, bookChars} = input;
      const prepare = sharedGlyphs && ((overlay: PDFDocument) => restoreSharedGlyphText(overlay, sharedGlyphs, bookChars));
      await stampOverlay(document, pages, {pieces: input.overlay, stamped: input.overlayPages, prepare});
    }
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
