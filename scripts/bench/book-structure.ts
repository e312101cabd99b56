// Reads what a reader checks of a book: the text of each page, the bookmarks, the links and named destinations.
// The tests use it (test/helpers/pdf-structure.ts), and the benchmark compares an incremental book with a cold one.
import {execFile} from 'node:child_process';
import {readFile} from 'node:fs/promises';
import {promisify} from 'node:util';
import {PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString} from 'pdf-lib';

const run = promisify(execFile);

/** Text of each page (index 0 = page 1), through pdftotext, whitespace collapsed. */
export async function pageTexts(file: string): Promise<string[]> {
  const {stdout} = await run('pdftotext', ['-layout', file, '-'], {maxBuffer: 64 * 1024 * 1024});
  const pages = stdout.split('\f');
  if (pages.at(-1)!.trim() === '') pages.pop();
  return pages;
}

export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export type OutlineItem = {title: string; depth: number; page: number};

export type LinkAnnotation = {page: number; destPage?: number; uri?: string};

function textOf(value: unknown): string | undefined {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

/** Reads the outline, the links and the named destinations of a PDF. */
export async function pdfStructure(bytes: Uint8Array) {
  const document = await PDFDocument.load(bytes);
  const pageIndex = new Map(document.getPages().map((page, index) => [page.ref.toString(), index]));
  const destPage = (dest: unknown): number | undefined => {
    const array = dest instanceof PDFArray ? dest : document.context.lookupMaybe(dest as PDFRef, PDFArray);
    const ref = array?.get(0);
    return ref instanceof PDFRef ? pageIndex.get(ref.toString()) : undefined;
  };

  const outline: OutlineItem[] = [];
  const walk = (first: unknown, depth: number) => {
    let item = document.context.lookupMaybe(first as PDFRef, PDFDict);
    while (item) {
      outline.push({title: textOf(item.lookup(PDFName.of('Title'))) ?? '', depth, page: destPage(item.get(PDFName.of('Dest'))) ?? -1});
      const child = item.get(PDFName.of('First'));
      if (child) walk(child, depth + 1);
      const next = item.get(PDFName.of('Next'));
      item = next ? document.context.lookupMaybe(next as PDFRef, PDFDict) : undefined;
    }
  };
  const root = document.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  if (root) walk(root.get(PDFName.of('First')), 0);

  const links: LinkAnnotation[] = [];
  document.getPages().forEach((page, index) => {
    const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (let i = 0; i < (annotations?.size() ?? 0); i++) {
      const annotation = document.context.lookupMaybe(annotations!.get(i), PDFDict);
      if (annotation?.lookup(PDFName.of('Subtype')) !== PDFName.of('Link')) continue;
      const dest = annotation.get(PDFName.of('Dest'));
      const action = annotation.lookupMaybe(PDFName.of('A'), PDFDict);
      links.push({page: index, destPage: dest ? destPage(dest) : undefined, uri: textOf(action?.lookup(PDFName.of('URI')))});
    }
  });

  const namedDestinations = new Map<string, number>();
  const dests = document.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  for (const [name, value] of dests?.entries() ?? []) {
    const page = destPage(value);
    if (page !== undefined) namedDestinations.set(decodeURIComponent(name.decodeText()), page);
  }
  return {pageCount: document.getPageCount(), outline, links, namedDestinations, title: document.getTitle()};
}

/**
 * Where two books of the same site differ in what a reader sees: pages, text per page, bookmarks
 * and the pages they open, links and where they go. Empty when they are the same book.
 */
export async function bookDifferences(actual: string, expected: string): Promise<string[]> {
  const [gotTexts, wantTexts] = [await pageTexts(actual), await pageTexts(expected)];
  const differences: string[] = [];
  if (gotTexts.length !== wantTexts.length) differences.push(`${gotTexts.length} pages, not ${wantTexts.length}`);
  const textDiffers = gotTexts.flatMap((text, page) => (collapse(text) === collapse(wantTexts[page] ?? '') ? [] : [page + 1]));
  if (textDiffers.length > 0)
    differences.push(`text differs on pages ${textDiffers.slice(0, 10).join(', ')}${textDiffers.length > 10 ? ', …' : ''}`);
  const [got, want] = [await pdfStructure(await readFile(actual)), await pdfStructure(await readFile(expected))];
  if (JSON.stringify(got.outline) !== JSON.stringify(want.outline)) differences.push('bookmarks or their pages differ');
  if (JSON.stringify(got.links) !== JSON.stringify(want.links)) differences.push('links or where they go differ');
  return differences;
}
