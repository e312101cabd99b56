import {inflateSync} from 'node:zlib';
import {PDFName, PDFRawStream, decodePDFRawStream} from 'pdf-lib';

/** A content stream's bytes: Node's zlib for plain Flate (what Chromium writes), pdf-lib's decoders for the rest. */
export function decodedStream(stream: PDFRawStream): Uint8Array {
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

/** Content streams of a page are read as one, each ending a token (ISO 32000-1, 7.8.2). */
export function joinStreams(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length + 1, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    joined[offset + part.length] = 0x0a;
    offset += part.length + 1;
  }
  return joined;
}
