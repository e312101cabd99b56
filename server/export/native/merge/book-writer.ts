import {promises as fs} from 'node:fs';
import {promisify} from 'node:util';
import {deflate} from 'node:zlib';
import {PDFHeader, PDFRef, PDFStream, type PDFContext, type PDFObject} from 'pdf-lib';

const deflateAsync = promisify(deflate);

/** Objects other than streams packed into one compressed object stream (pdf-lib packs 50). */
const OBJECTS_PER_STREAM = 100;
/** Bytes gathered before they go to the file. */
const WRITE_BYTES = 1 << 20;

type Entry = {stream: number; index: number} | {offset: number};

/**
 * Objects written in one run of the file, which can be written again as they are into another
 * book whose other objects have other numbers: each object written on its own at its offset from
 * the segment's start, each packed one at its place in one of the segment's object streams.
 */
export type Segment = {
  bytes: Buffer;
  /** [object number, offset in `bytes`]. */
  indirect: Array<[number, number]>;
  /** [object number, object stream's number, index in it]. */
  packed: Array<[number, number, number]>;
};

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** An object's bytes as the file has them. */
export function bytesOf(object: PDFObject): Buffer {
  const bytes = Buffer.allocUnsafe(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

/**
 * Writes a PDF to its file while it is being made: objects the book no longer changes (a content
 * part's streams, fonts, images, structure elements) are written and dropped from pdf-lib's
 * context part by part, so the book is never held whole in memory, and `finish` writes what is
 * left, then the cross-reference stream. Objects other than streams go into compressed object
 * streams, as pdf-lib's own writer does (ISO 32000-1, 7.5.7 and 7.5.8).
 */
export class BookWriter {
  readonly #file: fs.FileHandle;
  readonly #entries = new Map<number, Entry>();
  #offset = 0;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #packed: Array<[number, Buffer]> = [];
  #segment: {start: number; chunks: Buffer[]; indirect: Segment['indirect']; packed: Segment['packed']} | undefined;

  private constructor(file: fs.FileHandle) {
    this.#file = file;
  }

  static async open(path: string): Promise<BookWriter> {
    const writer = new BookWriter(await fs.open(path, 'w'));
    const header = PDFHeader.forVersion(1, 7);
    // The header's second line is a comment of binary bytes: it ends at the line's end.
    await writer.#append(Buffer.concat([bytesOf(header as unknown as PDFObject), latin1('\n\n')]));
    return writer;
  }

  /**
   * Writes these objects of `context` and takes them out of it; a reference to nothing is skipped.
   * `packed: false` writes objects other than streams on their own, not in an object stream.
   */
  async write(context: PDFContext, refs: Iterable<PDFRef>, {packed = true} = {}): Promise<void> {
    for (const ref of refs) {
      const object = context.lookup(ref);
      if (object === undefined) continue;
      context.delete(ref);
      if (object instanceof PDFStream || !packed) {
        await this.#writeIndirect(ref.objectNumber, bytesOf(object));
      } else {
        this.#packed.push([ref.objectNumber, bytesOf(object)]);
        if (this.#packed.length === OBJECTS_PER_STREAM) await this.#writeObjectStream(context);
      }
    }
  }

  /** Writes these objects of `context` as `write` does, all in object streams of their own, and returns them as a segment. */
  async writeSegment(context: PDFContext, refs: Iterable<PDFRef>): Promise<Segment> {
    if (this.#packed.length > 0) await this.#writeObjectStream(context);
    const segment = {start: this.#offset, chunks: [], indirect: [], packed: []};
    this.#segment = segment;
    try {
      await this.write(context, refs);
      if (this.#packed.length > 0) await this.#writeObjectStream(context);
    } finally {
      this.#segment = undefined;
    }
    return {bytes: Buffer.concat(segment.chunks), indirect: segment.indirect, packed: segment.packed};
  }

  /** Writes a segment again: its objects keep the numbers they had, so nothing else may have them. */
  async copySegment(segment: Segment): Promise<void> {
    for (const [objectNumber, offset] of segment.indirect) this.#entries.set(objectNumber, {offset: this.#offset + offset});
    for (const [objectNumber, stream, index] of segment.packed) this.#entries.set(objectNumber, {stream, index});
    await this.#append(segment.bytes);
  }

  /**
   * Writes every object still in `context`, the cross-reference stream and the trailer, and closes
   * the file. `trailer` holds the trailer's entries (Root, Info, ID) as PDF source.
   */
  async finish(context: PDFContext, trailer: string): Promise<void> {
    try {
      const refs = context.enumerateIndirectObjects().map(([ref]) => ref);
      await this.write(context, refs);
      if (this.#packed.length > 0) await this.#writeObjectStream(context);
      await this.#writeCrossReferences(context, trailer);
      await this.#flush();
    } finally {
      await this.#file.close();
    }
  }

  /** Closes the file without finishing it (the export failed; the caller removes the file). */
  async abandon(): Promise<void> {
    await this.#file.close().catch(() => undefined);
  }

  async #writeIndirect(objectNumber: number, body: Buffer): Promise<void> {
    this.#entries.set(objectNumber, {offset: this.#offset});
    this.#segment?.indirect.push([objectNumber, this.#offset - this.#segment.start]);
    await this.#append(latin1(`${objectNumber} 0 obj\n`));
    await this.#append(body);
    await this.#append(latin1('\nendobj\n'));
  }

  async #writeObjectStream(context: PDFContext): Promise<void> {
    const packed = this.#packed;
    this.#packed = [];
    const streamNumber = context.nextRef().objectNumber;
    let position = 0;
    const index: string[] = [];
    const bodies: Buffer[] = [];
    packed.forEach(([objectNumber, body], at) => {
      this.#entries.set(objectNumber, {stream: streamNumber, index: at});
      this.#segment?.packed.push([objectNumber, streamNumber, at]);
      index.push(`${objectNumber} ${position}`);
      bodies.push(body, latin1('\n'));
      position += body.length + 1;
    });
    const head = latin1(`${index.join(' ')}\n`);
    const contents = await deflateAsync(Buffer.concat([head, ...bodies]));
    const dict = `<< /Type /ObjStm /N ${packed.length} /First ${head.length} /Filter /FlateDecode /Length ${contents.length} >>\nstream\n`;
    await this.#writeIndirect(streamNumber, Buffer.concat([latin1(dict), contents, latin1('\nendstream')]));
  }

  /** A cross-reference stream (7.5.8): type, offset or object stream, generation or index, in 1 + 4 + 2 bytes. */
  async #writeCrossReferences(context: PDFContext, trailer: string): Promise<void> {
    const xrefNumber = context.nextRef().objectNumber;
    const xrefOffset = this.#offset;
    this.#entries.set(xrefNumber, {offset: xrefOffset});
    const numbers = [0, ...[...this.#entries.keys()].sort((a, b) => a - b)];
    const rows = Buffer.alloc(numbers.length * 7);
    const index: number[] = [];
    numbers.forEach((objectNumber, row) => {
      const previous = numbers[row - 1];
      if (row === 0 || objectNumber !== previous! + 1) index.push(objectNumber, 0);
      index[index.length - 1]!++;
      const entry = this.#entries.get(objectNumber);
      const at = row * 7;
      if (!entry) {
        // Object 0, the head of the free list.
        rows.writeUInt8(0, at);
        rows.writeUInt16BE(0xffff, at + 5);
      } else if ('offset' in entry) {
        rows.writeUInt8(1, at);
        rows.writeUInt32BE(entry.offset, at + 1);
      } else {
        rows.writeUInt8(2, at);
        rows.writeUInt32BE(entry.stream, at + 1);
        rows.writeUInt16BE(entry.index, at + 5);
      }
    });
    const contents = await deflateAsync(rows);
    const dict =
      `<< /Type /XRef /Size ${xrefNumber + 1} /Index [${index.join(' ')}] /W [1 4 2] ${trailer} ` +
      `/Filter /FlateDecode /Length ${contents.length} >>\nstream\n`;
    await this.#append(latin1(`${xrefNumber} 0 obj\n${dict}`));
    await this.#append(contents);
    await this.#append(latin1(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`));
  }

  async #append(bytes: Buffer): Promise<void> {
    this.#segment?.chunks.push(bytes);
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.length;
    this.#offset += bytes.length;
    if (this.#pendingBytes >= WRITE_BYTES) await this.#flush();
  }

  async #flush(): Promise<void> {
    if (this.#pendingBytes === 0) return;
    const chunk = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    await this.#file.write(chunk);
  }
}

/** The objects `context` assigned numbers above `after` (what one part brought into the book). */
export function refsAbove(context: PDFContext, after: number): PDFRef[] {
  const refs: PDFRef[] = [];
  for (let objectNumber = after + 1; objectNumber <= context.largestObjectNumber; objectNumber++) refs.push(PDFRef.of(objectNumber));
  return refs;
}
