import {PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef} from 'pdf-lib';

/** Where a named destination points inside one printed part. */
export type PartDestination = {page: number; x: number; y: number};

/** A printed part of the book, parsed once for both its facts and the merge. */
export type PdfPart = {
  document: PDFDocument;
  pageCount: number;
  /** Named destinations by element id (Chromium names them by the link's fragment, percent-encoded). */
  destinations: Map<string, PartDestination>;
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

export async function readPart(bytes: Uint8Array): Promise<PdfPart> {
  const document = await PDFDocument.load(bytes, {updateMetadata: false});
  const pageIndex = new Map(document.getPages().map((page, index) => [page.ref.toString(), index]));
  const destinations = new Map<string, PartDestination>();
  const dests = document.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  for (const [name, value] of dests?.entries() ?? []) {
    const array = document.context.lookupMaybe(value, PDFArray);
    const pageRef = array?.get(0);
    if (!array || !(pageRef instanceof PDFRef)) continue;
    const page = pageIndex.get(pageRef.toString());
    if (page === undefined) continue;
    destinations.set(safeDecode(name.decodeText()), {page, x: numberAt(array, 2), y: numberAt(array, 3)});
  }
  return {document, pageCount: document.getPageCount(), destinations};
}
