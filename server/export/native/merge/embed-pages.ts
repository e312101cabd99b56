import {deflateSync} from 'node:zlib';
import {PDFDict, PDFName, PDFObjectCopier, PDFFlateStream, PDFRawStream, type PDFDocument, type PDFRef} from 'pdf-lib';
import {decodedStream, joinStreams} from './content-streams';
import {itemsOf} from './struct-elements';

/** A page of another document made a form XObject of the book's: drawn with `Do`, its size in points. */
export type EmbeddedPage = {ref: PDFRef; width: number; height: number};

const FILTER = PDFName.of('Filter');
const DECODE_PARMS = PDFName.of('DecodeParms');
const RESOURCES = PDFName.of('Resources');

/**
 * Makes the pages `indices` of `source` form XObjects of `book`, as pdf-lib's embedPdf does but
 * faster: a page drawn by one content stream keeps that stream's bytes as they are, and the
 * streams of a page drawn by several are joined with Node's zlib. embedPdf inflates and deflates
 * every page's content in JavaScript, which took 1.7 s of the merge for the 4,000 overlay pages of
 * the 1,000-doc benchmark. The resources are copied once for all the pages, so a font they share
 * is copied once.
 */
export function embedPages(book: PDFDocument, source: PDFDocument, indices: readonly number[]): EmbeddedPage[] {
  const copier = PDFObjectCopier.for(source.context, book.context);
  const pages = source.getPages();
  return indices.map((index) => {
    const page = pages[index]!;
    // Not normalizedEntries(): pdf-lib's normalize wraps the page's content in two streams of its
    // own (a q and a Q), so a page drawn by one stream never took the fast path below.
    const Resources = source.context.lookupMaybe(page.node.getInheritableAttribute(RESOURCES), PDFDict);
    const streams = itemsOf(page.node.get(PDFName.of('Contents'))).map((item) => source.context.lookup(item));
    const {x, y, width, height} = page.getMediaBox();
    const dict = book.context.obj({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [x, y, x + width, y + height],
      Matrix: [1, 0, 0, 1, -x, -y],
      Resources: Resources ? copier.copy(Resources) : book.context.obj({}),
    }) as PDFDict;
    const [only] = streams;
    let contents: Uint8Array;
    if (streams.length === 1 && only instanceof PDFRawStream) {
      for (const key of [FILTER, DECODE_PARMS]) {
        const value = only.dict.get(key);
        if (value) dict.set(key, copier.copy(value));
      }
      contents = only.getContents();
    } else {
      // A stream pdf-lib made (a PDFFlateStream or PDFContentStream) knows its own bytes.
      const decoded = streams.flatMap((stream) =>
        stream instanceof PDFRawStream ? [decodedStream(stream)] : stream instanceof PDFFlateStream ? [stream.getUnencodedContents()] : [],
      );
      contents = deflateSync(joinStreams(decoded));
      dict.set(FILTER, PDFName.of('FlateDecode'));
    }
    return {ref: book.context.register(PDFRawStream.of(dict, contents)), width, height};
  });
}
