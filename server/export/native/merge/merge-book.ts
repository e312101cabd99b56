import {setImmediate as nextTurn} from 'node:timers/promises';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFRef,
  PDFString,
  ReadingDirection,
  beginMarkedContent,
  endMarkedContent,
  type PDFPage,
} from 'pdf-lib';
import {markPartArtifacts} from './part-artifacts';
import {BookStructure, type PartRole} from './structure-tree';
import {destinationName} from './destination-names';
import {PDF_OBJECTS_PER_TICK, type PartDestination, type PdfPart} from '../shared/pdf-part';
import type {FontSharedGlyphs} from './font-shared-glyphs';
import {restoreSharedGlyphText} from './ideograph-text';
import {writeXmpMetadata} from './xmp-metadata';

/** A destination in the merged book. */
export type BookDestination = PartDestination;

/** An entry of the PDF outline (bookmarks). */
export type OutlineEntry = {
  title: string;
  /** Id of a destination; an entry whose target is unknown is left out with its children. */
  target: string;
  /** Shown expanded when the PDF opens. */
  open: boolean;
  children: OutlineEntry[];
};

/** The book's document with its content parts copied in (startBook), waiting for its front matter. */
export type StartedBook = {document: PDFDocument; structure: BookStructure};

export type MergeInput = {
  /** The document the content was copied into. */
  book: StartedBook;
  /** Cover and TOC, in book order, to go before the content. */
  front?: Array<{part: PdfPart; role: Exclude<PartRole, 'content'>}>;
  /** Every named destination of the book, by id, with global page indexes. */
  destinations: Map<string, BookDestination>;
  /** The overlay document (headers and footers), one page per book page, or none. */
  overlay?: Uint8Array;
  /** Pages the overlay is drawn on (the cover gets none). */
  overlayPages: Set<number>;
  outline: OutlineEntry[];
  /** Prefix of the link URLs that stand for in-book destinations. */
  marker: string;
  /** `direction: 'rtl'`: viewers lay two-page spreads out right to left. */
  metadata: {title: string; subject: string; language: string; direction?: 'ltr' | 'rtl'; author?: string};
  /** The installed fonts' shared glyphs, to give text the characters it was written in (ideograph-text.ts); none leaves the text as printed. */
  sharedGlyphs?: FontSharedGlyphs;
  /** The characters of the book's pages, which tell which code point of a shared glyph the text used. */
  bookChars?: ReadonlySet<string>;
};

/** Room left above a target when a reader jumps to it, in points. */
const HEADROOM = 12;

function explicitDestination(pages: PDFPage[], destination: BookDestination, document: PDFDocument): PDFArray {
  const page = pages[destination.page]!;
  const y = Math.min(page.getHeight(), destination.y + HEADROOM);
  return document.context.obj([page.ref, PDFName.of('XYZ'), destination.x, y, PDFNull]);
}

/** The outline's titles by target id: what an in-book link jumps to, in words. */
function titlesByTarget(entries: OutlineEntry[], titles = new Map<string, string>()): Map<string, string> {
  for (const entry of entries) {
    titles.set(entry.target, entry.title);
    titlesByTarget(entry.children, titles);
  }
  return titles;
}

/**
 * Marker links become jumps to the destination they name; one to an unknown id is dropped.
 * Every link gets an alternate description (`Contents`, ISO 14289-1 7.18.5): the title of what it
 * jumps to, or its URL. Returns the dropped ones.
 */
function linkPages(document: PDFDocument, pages: PDFPage[], input: MergeInput): Set<PDFRef> {
  const dropped = new Set<PDFRef>();
  const fallback = (id: string) => input.destinations.get(id) ?? input.destinations.get(id.split('--')[0]!);
  const titles = titlesByTarget(input.outline);
  const titleOf = (id: string) => titles.get(id) ?? titles.get(id.split('--')[0]!);
  for (const page of pages) {
    const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annotations) continue;
    const kept: Array<PDFDict | PDFRef> = [];
    for (let index = 0; index < annotations.size(); index++) {
      const raw = annotations.get(index);
      const annotation = document.context.lookupMaybe(raw, PDFDict);
      const action = annotation?.lookupMaybe(PDFName.of('A'), PDFDict);
      const uri = action?.lookup(PDFName.of('URI'));
      const href = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : undefined;
      if (annotation && href?.startsWith(input.marker)) {
        const id = decodeURIComponent(href.slice(input.marker.length));
        const destination = fallback(id);
        if (!destination) {
          if (raw instanceof PDFRef) dropped.add(raw);
          continue;
        }
        annotation.delete(PDFName.of('A'));
        annotation.set(PDFName.of('Dest'), explicitDestination(pages, destination, document));
        const title = titleOf(id);
        if (title) annotation.set(PDFName.of('Contents'), PDFHexString.fromText(title));
      } else if (annotation && href && !annotation.has(PDFName.of('Contents'))) {
        annotation.set(PDFName.of('Contents'), PDFHexString.fromText(href));
      } else if (annotation && !annotation.has(PDFName.of('Contents'))) {
        const name = annotation.lookup(PDFName.of('Dest'));
        const title = name instanceof PDFString || name instanceof PDFHexString ? titleOf(name.decodeText()) : undefined;
        if (title) annotation.set(PDFName.of('Contents'), PDFHexString.fromText(title));
      }
      kept.push(raw as PDFDict | PDFRef);
    }
    page.node.set(PDFName.of('Annots'), document.context.obj(kept));
    // Tab order follows the structure tree, so keyboard users reach links in reading order.
    if (kept.length > 0) page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
  }
  return dropped;
}

function writeOutline(document: PDFDocument, pages: PDFPage[], input: MergeInput): void {
  const {context} = document;
  const usable = (entries: OutlineEntry[]): OutlineEntry[] => entries.filter((entry) => input.destinations.has(entry.target));

  // Returns the number of entries visible under `parent` when it is open.
  const writeLevel = (entries: OutlineEntry[], parentRef: PDFRef, parent: PDFDict): number => {
    const items = usable(entries);
    if (items.length === 0) return 0;
    const refs = items.map(() => context.nextRef());
    let visible = 0;
    items.forEach((entry, index) => {
      const dict = context.obj({
        Title: PDFHexString.fromText(entry.title),
        Parent: parentRef,
        Dest: explicitDestination(pages, input.destinations.get(entry.target)!, document),
      });
      if (index > 0) dict.set(PDFName.of('Prev'), refs[index - 1]!);
      if (index < items.length - 1) dict.set(PDFName.of('Next'), refs[index + 1]!);
      const below = writeLevel(entry.children, refs[index]!, dict);
      if (below > 0) dict.set(PDFName.of('Count'), PDFNumber.of(entry.open ? below : -below));
      context.assign(refs[index]!, dict);
      visible += 1 + (entry.open ? below : 0);
    });
    parent.set(PDFName.of('First'), refs[0]!);
    parent.set(PDFName.of('Last'), refs[refs.length - 1]!);
    return visible;
  };

  const rootRef = context.nextRef();
  const root = context.obj({Type: 'Outlines'});
  const count = writeLevel(input.outline, rootRef, root);
  if (count === 0) return;
  root.set(PDFName.of('Count'), PDFNumber.of(count));
  context.assign(rootRef, root);
  document.catalog.set(PDFName.of('Outlines'), rootRef);
  document.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** Every destination under a name made of its id (see destination-names.ts), so `book.pdf#nameddest=<id>` works too. */
function writeNamedDestinations(document: PDFDocument, pages: PDFPage[], input: MergeInput): void {
  const dests = document.context.obj({});
  for (const [id, destination] of input.destinations) {
    dests.set(PDFName.of(destinationName(id)), explicitDestination(pages, destination, document));
  }
  document.catalog.set(PDFName.of('Dests'), document.context.register(dests));
}

/**
 * Begins the book: copies the content parts into a new document, each once its artifacts are
 * marked, a part per turn of the event loop. merge.ts starts it before printing the TOC and the
 * overlay, which need none of it, so that the copying runs while Chromium prints.
 */
export async function startBook(content: PdfPart[]): Promise<StartedBook> {
  const document = await PDFDocument.create();
  const structure = new BookStructure(document);
  for (const part of content) {
    await markPartArtifacts(part);
    for (const page of structure.copyPart(part.document, 'content', part.removedAnnotations)) document.addPage(page);
    await nextTurn();
  }
  return {document, structure};
}

/** Finishes the book: front matter, headers and footers, links, named destinations, outline, metadata. */
export async function mergeBook(input: MergeInput): Promise<Uint8Array> {
  const {document, structure} = input.book;
  let index = 0;
  for (const {part, role} of input.front ?? []) {
    // The cover is drawn as one artifact whatever it holds.
    if (role !== 'cover') await markPartArtifacts(part);
    for (const page of structure.copyPart(part.document, role, part.removedAnnotations)) document.insertPage(index++, page);
  }
  const pages = document.getPages();
  if (input.overlay) {
    const stamped = [...input.overlayPages].sort((a, b) => a - b);
    const overlay = await PDFDocument.load(input.overlay, {parseSpeed: PDF_OBJECTS_PER_TICK});
    const embedded = await document.embedPdf(overlay, stamped);
    stamped.forEach((pageIndex, index) => {
      const page = pages[pageIndex]!;
      // Running headers, footers and page numbers are page furniture, not content: artifacts.
      page.pushOperators(beginMarkedContent('Artifact'));
      page.drawPage(embedded[index]!, {x: 0, y: 0, width: page.getWidth(), height: page.getHeight()});
      page.pushOperators(endMarkedContent());
    });
  }
  structure.write(linkPages(document, pages, input));
  writeNamedDestinations(document, pages, input);
  writeOutline(document, pages, input);
  const {metadata} = input;
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
  if (input.sharedGlyphs) await restoreSharedGlyphText(document, input.sharedGlyphs, input.bookChars);
  return document.save({objectsPerTick: PDF_OBJECTS_PER_TICK});
}
