import {PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, type PDFPage} from 'pdf-lib';
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

/** Takes the anchor links off a page, returning each one's target id and the top of its rectangle. */
function takeAnchors(page: PDFPage, prefix: string, removed: Set<PDFRef>): Array<{id: string; y: number}> {
  const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (!annotations) return [];
  const anchors: Array<{id: string; y: number}> = [];
  const kept: unknown[] = [];
  for (let index = 0; index < annotations.size(); index++) {
    const raw = annotations.get(index);
    const annotation = page.doc.context.lookupMaybe(raw, PDFDict);
    const uri = annotation?.lookupMaybe(PDFName.of('A'), PDFDict)?.lookup(PDFName.of('URI'));
    const href = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : undefined;
    const rect = annotation?.lookupMaybe(PDFName.of('Rect'), PDFArray);
    if (href?.startsWith(prefix) && rect) {
      anchors.push({id: safeDecode(href.slice(prefix.length)), y: Math.max(numberAt(rect, 1), numberAt(rect, 3))});
      if (raw instanceof PDFRef) removed.add(raw);
    } else {
      kept.push(raw);
    }
  }
  page.node.set(PDFName.of('Annots'), page.doc.context.obj(kept as PDFRef[]));
  return anchors;
}

/** Parses a printed part, with where each of its targets printed. */
export async function readPart(bytes: Uint8Array, options: ReadOptions = {}): Promise<PdfPart> {
  const textHeight = options.textHeight ?? Infinity;
  const document = await PDFDocument.load(bytes, {updateMetadata: false, parseSpeed: PDF_OBJECTS_PER_TICK});
  const pageIndex = new Map(document.getPages().map((page, index) => [page.ref.toString(), index]));
  const destinations = new Map<string, PartDestination>();
  const dests = document.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  for (const [name, value] of dests?.entries() ?? []) {
    const array = document.context.lookupMaybe(value, PDFArray);
    const pageRef = array?.get(0);
    if (!array || !(pageRef instanceof PDFRef)) continue;
    const page = pageIndex.get(pageRef.toString());
    if (page === undefined) continue;
    const pageHeight = document.getPage(page).getHeight();
    const destination = {page, x: numberAt(array, 2), y: numberAt(array, 3)};
    destinations.set(safeDecode(name.decodeText()), pushedToNextPage(destination, document.getPageCount(), pageHeight, textHeight));
  }
  const removedAnnotations = new Set<PDFRef>();
  if (options.anchorPrefix) {
    const anchored = new Set<string>();
    document.getPages().forEach((page, index) => {
      for (const anchor of takeAnchors(page, options.anchorPrefix!, removedAnnotations)) {
        if (anchored.has(anchor.id)) continue;
        anchored.add(anchor.id);
        destinations.set(anchor.id, {page: index, x: 0, y: anchor.y});
      }
    });
  }
  return {document, pageCount: document.getPageCount(), destinations, removedAnnotations};
}
