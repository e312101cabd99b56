import {PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, type PDFObject, type PDFPage} from 'pdf-lib';
import type {PartBytes} from './part-bytes';

/**
 * Objects pdf-lib parses or writes between two turns of the event loop. Its defaults (100 when
 * parsing, 50 when saving) wait a timer's turn, a millisecond or more, that often: a tagged
 * 1,200-page book holds 125,000 objects, which made over a second of waiting on each side.
 */
export const PDF_OBJECTS_PER_TICK = 2000;

/** Where a named destination points inside one printed part. */
export type PartDestination = {page: number; x: number; y: number};

/** A printed part of the book, parsed once for both its facts and the merge. */
export type PdfPart = {
  document: PDFDocument;
  pageCount: number;
  /**
   * Where each element id printed: the top left of its anchor link when it has
   * one, else Chromium's named destination (which leaves room above the target).
   */
  destinations: Map<string, PartDestination>;
  /** Annotations read and taken off the pages (the anchors), which the structure tree still names. */
  removedAnnotations: Set<PDFRef>;
};

/** A content part as render leaves it: its bytes, and what merge needs to know of it before reading it again. */
export type PrintedPart = {bytes: PartBytes; pageCount: number; destinations: Map<string, PartDestination>};

export type ReadOptions = {
  /** Height of the pages' text area in points (see pushedToNextPage). */
  textHeight?: number;
  /** URL prefix of the anchor links placed at each target (render/page/book-links.ts placeAnchors); they are read and removed. */
  anchorPrefix?: string;
};

function numberAt(array: PDFArray, index: number): number {
  const value = array.lookup(index);
  return value instanceof PDFNumber ? value.asNumber() : 0;
}

function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * Chromium measures a destination from the top of the page's text area. An
 * element that page-break rules pushed to the next page (a heading kept with
 * what follows it) can get a point below the text area of the page before:
 * nothing prints there, so the destination is the top of the next page.
 */
function pushedToNextPage(destination: PartDestination, pageCount: number, pageHeight: number, textHeight: number): PartDestination {
  const below = pageHeight - destination.y > textHeight + 1;
  return below && destination.page + 1 < pageCount ? {page: destination.page + 1, x: destination.x, y: pageHeight} : destination;
}

/** What an annotation says if it is an anchor link (render/page/book-links.ts placeAnchors): its target id and the top of its rectangle. */
export function anchorOf(annotation: PDFDict | undefined, prefix: string, deref: (object: PDFObject | undefined) => PDFObject | undefined) {
  const action = deref(annotation?.get(PDFName.of('A')));
  const uri = action instanceof PDFDict ? deref(action.get(PDFName.of('URI'))) : undefined;
  const href = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : undefined;
  const rect = deref(annotation?.get(PDFName.of('Rect')));
  if (!href?.startsWith(prefix) || !(rect instanceof PDFArray)) return undefined;
  return {id: safeDecode(href.slice(prefix.length)), y: Math.max(numberAt(rect, 1), numberAt(rect, 3))};
}

/** Takes the anchor links off a page, returning each one's target id and the top of its rectangle. */
function takeAnchors(page: PDFPage, prefix: string, removed: Set<PDFRef>): Array<{id: string; y: number}> {
  const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (!annotations) return [];
  const {context} = page.doc;
  const deref = (object: PDFObject | undefined) => (object === undefined ? undefined : context.lookup(object));
  const anchors: Array<{id: string; y: number}> = [];
  const kept: unknown[] = [];
  for (let index = 0; index < annotations.size(); index++) {
    const raw = annotations.get(index);
    const anchor = anchorOf(context.lookupMaybe(raw, PDFDict), prefix, deref);
    if (anchor) {
      anchors.push(anchor);
      if (raw instanceof PDFRef) removed.add(raw);
    } else {
      kept.push(raw);
    }
  }
  page.node.set(PDFName.of('Annots'), context.obj(kept as PDFRef[]));
  return anchors;
}

/** A part's pages as the destinations are read from them, however the part was parsed. */
export type PartPages = {
  count: number;
  /** The page a page reference is, by its index. */
  indexOf: (ref: PDFRef) => number | undefined;
  height: (index: number) => number;
  /** Chromium's named destinations (name decoded, the array [page /XYZ x y zoom]). */
  named: Array<[string, PDFArray | undefined]>;
  /** Each page's anchor links, in order. */
  anchors: Array<Array<{id: string; y: number}>>;
};

/** Where each element id printed: its first anchor link, else Chromium's named destination. */
export function destinationsOf(pages: PartPages, textHeight: number): Map<string, PartDestination> {
  const destinations = new Map<string, PartDestination>();
  for (const [name, array] of pages.named) {
    const pageRef = array?.get(0);
    const page = pageRef instanceof PDFRef ? pages.indexOf(pageRef) : undefined;
    if (!array || page === undefined) continue;
    const destination = {page, x: numberAt(array, 2), y: numberAt(array, 3)};
    destinations.set(safeDecode(name), pushedToNextPage(destination, pages.count, pages.height(page), textHeight));
  }
  const anchored = new Set<string>();
  pages.anchors.forEach((anchors, page) => {
    for (const anchor of anchors) {
      if (anchored.has(anchor.id)) continue;
      anchored.add(anchor.id);
      destinations.set(anchor.id, {page, x: 0, y: anchor.y});
    }
  });
  return destinations;
}

/** Parses a printed part, with where each of its targets printed. */
export async function readPart(bytes: Uint8Array, options: ReadOptions = {}): Promise<PdfPart> {
  const document = await PDFDocument.load(bytes, {updateMetadata: false, parseSpeed: PDF_OBJECTS_PER_TICK});
  const pages = document.getPages();
  const pageIndex = new Map(pages.map((page, index) => [page.ref.toString(), index]));
  const dests = document.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  const removedAnnotations = new Set<PDFRef>();
  const {anchorPrefix} = options;
  const destinations = destinationsOf(
    {
      count: pages.length,
      indexOf: (ref) => pageIndex.get(ref.toString()),
      height: (index) => pages[index]!.getHeight(),
      named: [...(dests?.entries() ?? [])].map(([name, value]) => [name.decodeText(), document.context.lookupMaybe(value, PDFArray)]),
      anchors: anchorPrefix ? pages.map((page) => takeAnchors(page, anchorPrefix, removedAnnotations)) : [],
    },
    options.textHeight ?? Infinity,
  );
  return {document, pageCount: pages.length, destinations, removedAnnotations};
}
