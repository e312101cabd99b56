import {setImmediate as nextTurn} from 'node:timers/promises';
import {promisify} from 'node:util';
import {deflate} from 'node:zlib';
import {PDFDict, PDFName, PDFRawStream, PDFRef, type PDFPage} from 'pdf-lib';
import {decodedStream, joinStreams} from './content-streams';
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

/** The page's content with its artifacts marked, to be compressed (Node's zlib, not pdf-lib's JavaScript deflate); undefined when unchanged. */
function markPage(page: PDFPage, repeatedHeaders: ReadonlySet<number> | undefined): Uint8Array | undefined {
  const context = page.doc.context;
  const refs = itemsOf(page.node.get(PDFName.of('Contents')));
  const streams = refs.map((item) => context.lookup(item));
  if (!streams.every((stream) => stream instanceof PDFRawStream)) return undefined;
  const contents = streams.map(decodedStream);
  const whole = contents.length === 1 ? contents[0]! : joinStreams(contents);
  // The page's forms with marked content of their own (StructParents), by resource name.
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const taggedForms = new Set(
    (xObjects?.entries() ?? [])
      .filter(([, value]) => {
        const form = value instanceof PDFRef ? context.lookup(value) : value;
        return form instanceof PDFRawStream && form.dict.has(PDFName.of('StructParents'));
      })
      .map(([name]) => name.decodeText()),
  );
  const marked = markUntaggedAsArtifacts(repeatedHeaders ? markContentAsArtifacts(whole, repeatedHeaders) : whole, taggedForms);
  return marked === whole ? undefined : marked;
}
