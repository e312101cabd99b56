import {setImmediate as nextTurn} from 'node:timers/promises';
import {PDFDict, PDFDocument, PDFName, PDFNumber, PDFPageLeaf, PDFRef, ReadingDirection} from 'pdf-lib';
import {readPart, type PartDestination, type PdfPart, type PrintedPart, type ReadOptions} from '../shared/pdf-part';
import {BookWriter, refsAbove} from './book-writer';
import {
  linkPages,
  pageSize,
  titlesByTarget,
  writeNamedDestinations,
  writeOutline,
  type OutlineEntry,
  type PlacedTarget,
  type ResolveTarget,
} from './book-navigation';
import type {FontSharedGlyphs} from './font-shared-glyphs';
import {restoreSharedGlyphText} from './ideograph-text';
import {ownResources, stampOverlay} from './overlay-stamp';
import type {OverlayPiece} from './print-overlay';
import {markPartArtifacts} from './part-artifacts';
import {BookStructure, type PartRole} from './structure-tree';
import {writeXmpMetadata} from './xmp-metadata';

export type {OutlineEntry} from './book-navigation';

/** A destination in the merged book. */
export type BookDestination = PartDestination;

/** What every part's text needs the same way: the characters it was written in (ideograph-text.ts). */
export type BookText = {
  /** The installed fonts' shared glyphs; none leaves the text as printed. */
  sharedGlyphs?: FontSharedGlyphs;
  /** The characters of the book's pages, which tell which code point of a shared glyph the text used. */
  bookChars?: ReadonlySet<string>;
};

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
};

/**
 * Begins the book: reads each content part again, marks its artifacts, copies it onto page
 * references reserved for the whole book, turns its links into jumps, and writes what it brought
 * to the file, keeping only its page dictionaries (the overlay is drawn on them last). One part is
 * in memory at a time. merge.ts starts it before printing the TOC and the overlay, which need none
 * of it, so that the copying runs while Chromium prints.
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
    const total = input.content.reduce((sum, part) => sum + part.pageCount, 0);
    const contentRefs = Array.from({length: total}, () => context.nextRef());
    const tocRef = input.tocTarget ? context.nextRef() : undefined;
    const contentPages: PDFPageLeaf[] = [];
    const titles = titlesByTarget(input.outline);
    let height = 0;
    const resolve: ResolveTarget = (id) => {
      if (id === input.tocTarget && tocRef) return {ref: tocRef, height, x: 0, y: height};
      const destination = input.destinations.get(id);
      return destination && {ref: contentRefs[destination.page]!, height, x: destination.x, y: destination.y};
    };
    for (const printed of input.content) {
      const part = await readPart(printed.bytes, input.read);
      const before = context.largestObjectNumber;
      const {pages, roots} = await copyPart(structure, part, 'content', input, contentRefs.slice(contentPages.length));
      height = pages[0]?.getHeight() ?? height;
      const leaves = pages.map((page) => page.node);
      structure.forget(roots, linkPages(context, leaves, {resolve, titles, marker: input.marker}));
      for (const leaf of leaves) ownResources(context, leaf);
      contentPages.push(...leaves);
      await writer.write(context, refsAbove(context, before));
      await nextTurn();
    }
    return {document, structure, writer, contentPages, contentRefs, tocRef};
  } catch (error) {
    await writer.abandon();
    throw error;
  }
}

async function copyPart(structure: BookStructure, part: PdfPart, role: PartRole, text: BookText, refs: readonly PDFRef[]) {
  // The cover is drawn as one artifact whatever it holds.
  if (role !== 'cover') await markPartArtifacts(part);
  if (text.sharedGlyphs) await restoreSharedGlyphText(part.document, text.sharedGlyphs, text.bookChars);
  return structure.copyPart(part.document, role, part.removedAnnotations, refs.slice(0, part.pageCount));
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
    structure.forget(frontRoots, linkPages(context, front, {resolve, titles, marker: input.marker}));
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
