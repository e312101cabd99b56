import {setImmediate as nextTurn} from 'node:timers/promises';
import {promisify} from 'node:util';
import {deflate, inflateSync} from 'node:zlib';
import {PDFName, PDFRawStream, decodePDFRawStream, type PDFPage} from 'pdf-lib';
import type {PdfPart} from '../shared/pdf-part';
import {itemsOf} from './struct-elements';
import {takeRepeatedHeaders} from './repeated-headers';
import {markContentAsArtifacts, markUntaggedAsArtifacts} from './untagged-artifacts';

const marking = new WeakMap<PdfPart, Promise<void>>();

/**
 * Marks what a tagged part's pages draw outside their marked content, and the table headers
 * Chromium repeats on each page a table goes on to (repeated-headers.ts), as artifacts
 * (untagged-artifacts.ts), in the part itself, before its pages are copied into the book.
 * merge.ts starts it as soon as the parts are read, so that it runs while Chromium prints the
 * numbered TOC and the overlay: a page at a time, with a turn of the event loop between pages.
 * Once per part; a part printed untagged has nothing to mark.
 */
export function markPartArtifacts(part: PdfPart): Promise<void> {
  let done = marking.get(part);
  if (!done) {
    done = markPages(part);
    marking.set(part, done);
  }
  return done;
}

const deflateAsync = promisify(deflate);

async function markPages(part: PdfPart): Promise<void> {
  if (!part.document.catalog.has(PDFName.of('StructTreeRoot'))) return;
  const repeatedHeaders = takeRepeatedHeaders(part.document);
  const compressing: Array<Promise<void>> = [];
  for (const [index, page] of part.document.getPages().entries()) {
    const marked = markPage(page, repeatedHeaders.get(index));
    // Compressed on libuv's threads while this one marks the next page: deflate is half the work.
    if (marked) compressing.push(deflateAsync(marked).then((bytes) => setContents(page, bytes)));
    await nextTurn();
  }
  await Promise.all(compressing);
}

function setContents(page: PDFPage, deflated: Uint8Array): void {
  const context = page.doc.context;
  page.node.set(PDFName.of('Contents'), context.register(context.stream(deflated, {Filter: 'FlateDecode'})));
  // The streams replaced stay in the part, unreferenced: the copier copies what the book's pages reach.
}

/** A content stream's bytes: Node's zlib for plain Flate (what Chromium writes), pdf-lib's decoders for the rest. */
function decoded(stream: PDFRawStream): Uint8Array {
  const plainFlate = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') && !stream.dict.has(PDFName.of('DecodeParms'));
  if (plainFlate) {
    try {
      return inflateSync(stream.contents);
    } catch {
      // pdf-lib's decoder reads what it can of a damaged stream.
    }
  }
  return decodePDFRawStream(stream).decode();
}

/** The page's content with its artifacts marked, to be compressed (Node's zlib, not pdf-lib's JavaScript deflate); undefined when unchanged. */
function markPage(page: PDFPage, repeatedHeaders: ReadonlySet<number> | undefined): Uint8Array | undefined {
  const context = page.doc.context;
  const refs = itemsOf(page.node.get(PDFName.of('Contents')));
  const streams = refs.map((item) => context.lookup(item));
  if (!streams.every((stream) => stream instanceof PDFRawStream)) return undefined;
  const contents = streams.map(decoded);
  const whole = contents.length === 1 ? contents[0]! : joinStreams(contents);
  const marked = markUntaggedAsArtifacts(repeatedHeaders ? markContentAsArtifacts(whole, repeatedHeaders) : whole);
  return marked === whole ? undefined : marked;
}

/** Content streams of a page are read as one, each ending a token (ISO 32000-1, 7.8.2). */
function joinStreams(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length + 1, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    joined[offset + part.length] = 0x0a;
    offset += part.length + 1;
  }
  return joined;
}
