import {PDFArray, PDFContext, PDFDict, PDFName, PDFNumber, PDFObjectParser, PDFRef, type PDFObject} from 'pdf-lib';
import {anchorOf, destinationsOf, readPart, type PartPages, type PrintedPart, type ReadOptions} from './pdf-part';

/** What render needs of a printed part: merge reads it whole later (readPart). */
export type PartFacts = Omit<PrintedPart, 'bytes'> & {firstPageHeight: number};

const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');

/**
 * A PDF read through its cross-reference table one object at a time: only the objects asked
 * for are parsed. Undefined when the file has no plain table (a cross-reference stream, or
 * updates appended), which Chromium does not write.
 */
function lazyObjects(
  bytes: Uint8Array,
): {root: PDFObject | undefined; deref: (object: PDFObject | undefined) => PDFObject | undefined} | undefined {
  const tail = latin1(bytes, Math.max(0, bytes.length - 1024), bytes.length);
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!start) return undefined;
  const table = Number(start[1]);
  const trailerAt = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf('trailer', table, 'latin1');
  if (trailerAt < 0 || latin1(bytes, table, table + 4) !== 'xref') return undefined;
  const offsets = new Map<number, number>();
  const tokens = latin1(bytes, table + 4, trailerAt)
    .trim()
    .split(/\s+/);
  for (let at = 0; at + 1 < tokens.length;) {
    const [first, count] = [Number(tokens[at]), Number(tokens[at + 1])];
    for (let entry = 0; entry < count; entry++) {
      const [offset, , kind] = tokens.slice(at + 2 + entry * 3, at + 5 + entry * 3);
      if (kind === 'n') offsets.set(first + entry, Number(offset));
    }
    at += 2 + count * 3;
  }
  const context = PDFContext.create();
  const parse = (at: number) => PDFObjectParser.forBytes(bytes.subarray(at), context).parseObject();
  const trailer = parse(trailerAt + 'trailer'.length);
  if (!(trailer instanceof PDFDict) || trailer.has(PDFName.of('Prev'))) return undefined;
  const parsed = new Map<number, PDFObject>();
  const resolve = (ref: PDFRef): PDFObject | undefined => {
    const offset = offsets.get(ref.objectNumber);
    if (offset === undefined) return undefined;
    if (!parsed.has(ref.objectNumber)) {
      const header = /^\s*(\d+)\s+\d+\s+obj\b/.exec(latin1(bytes, offset, Math.min(bytes.length, offset + 32)));
      if (Number(header?.[1]) !== ref.objectNumber) throw new Error(`object ${ref.objectNumber} is not at ${offset}`);
      parsed.set(ref.objectNumber, parse(offset + header![0].length));
    }
    return parsed.get(ref.objectNumber);
  };
  const deref = (object: PDFObject | undefined) => (object instanceof PDFRef ? resolve(object) : object);
  return {root: deref(trailer.get(PDFName.of('Root'))), deref};
}

/** The page leaves under a page tree node, in order, each with its media box (inherited when it has none). */
function pageLeaves(node: PDFObject | undefined, deref: (object: PDFObject | undefined) => PDFObject | undefined, box?: PDFArray) {
  const leaves: Array<{ref: PDFRef; node: PDFDict; box?: PDFArray}> = [];
  const visit = (ref: PDFObject | undefined, inherited?: PDFArray) => {
    const dict = deref(ref);
    if (!(dict instanceof PDFDict)) return;
    const own = deref(dict.get(PDFName.of('MediaBox')));
    const mediaBox = own instanceof PDFArray ? own : inherited;
    const kids = deref(dict.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) for (let index = 0; index < kids.size(); index++) visit(kids.get(index), mediaBox);
    else if (ref instanceof PDFRef) leaves.push({ref, node: dict, box: mediaBox});
  };
  visit(node, box);
  return leaves;
}

const heightOf = (box: PDFArray | undefined) => {
  const at = (index: number) => (box?.get(index) instanceof PDFNumber ? (box.get(index) as PDFNumber).asNumber() : 0);
  return Math.abs(at(3) - at(1));
};

/**
 * A printed part's page count and destinations as readPart tells them, from the few objects
 * that hold them (page tree, link annotations, named destinations): a tagged part of 80 pages
 * is thousands of objects, which pdf-lib parses all of in 0.1-0.4 s. A file not laid out as
 * Chromium writes it is read whole.
 */
export async function readPartFacts(bytes: Uint8Array, options: ReadOptions = {}): Promise<PartFacts> {
  try {
    const facts = factsOf(bytes, options);
    if (facts) return facts;
  } catch {
    // Not laid out as expected after all (a damaged table): read whole below, which scans the file.
  }
  const part = await readPart(bytes, options);
  return {pageCount: part.pageCount, destinations: part.destinations, firstPageHeight: part.document.getPage(0).getHeight()};
}

function factsOf(bytes: Uint8Array, options: ReadOptions): PartFacts | undefined {
  const lazy = lazyObjects(bytes);
  const catalog = lazy?.deref(lazy.root);
  if (!lazy || !(catalog instanceof PDFDict)) return undefined;
  const {deref} = lazy;
  const leaves = pageLeaves(catalog.get(PDFName.of('Pages')), deref);
  const index = new Map(leaves.map((leaf, at) => [leaf.ref.toString(), at]));
  const dests = deref(catalog.get(PDFName.of('Dests')));
  const {anchorPrefix} = options;
  const pages: PartPages = {
    count: leaves.length,
    indexOf: (ref) => index.get(ref.toString()),
    height: (at) => heightOf(leaves[at]!.box),
    named: dests instanceof PDFDict ? dests.entries().map(([name, value]) => [name.decodeText(), asArray(deref(value))]) : [],
    anchors: anchorPrefix
      ? leaves.map((leaf) => {
          const annotations = deref(leaf.node.get(PDFName.of('Annots')));
          if (!(annotations instanceof PDFArray)) return [];
          return annotations.asArray().flatMap((raw) => anchorOf(asDict(deref(raw)), anchorPrefix, deref) ?? []);
        })
      : [],
  };
  if (leaves.length === 0) return undefined;
  return {pageCount: leaves.length, destinations: destinationsOf(pages, options.textHeight ?? Infinity), firstPageHeight: pages.height(0)};
}

const asArray = (object: PDFObject | undefined) => (object instanceof PDFArray ? object : undefined);
const asDict = (object: PDFObject | undefined) => (object instanceof PDFDict ? object : undefined);
