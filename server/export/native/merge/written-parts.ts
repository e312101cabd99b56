import {createHash} from 'node:crypto';
import {PDFObjectParser, type PDFContext, type PDFObject} from 'pdf-lib';
import {codeDigest} from '../print-cache/code-digest';
import {PrintCache} from '../print-cache/print-cache';
import type {ExportPrintCache} from '../print-cache/print-once';
import type {ReadOptions} from '../shared/pdf-part';
import {bytesOf, type Segment} from './book-writer';

/**
 * Where a part written into a book had its objects: ranges [first, last] of object numbers (its
 * pages' and the rest) and the parent tree keys [from, to) of its structure. The next book can
 * write the part again as it was only where no other part's numbers or keys are.
 */
export type WrittenPlace = {numbers: Array<[number, number]>; keys: [number, number]; pageCount: number};

/**
 * What is kept of a content part after startBook wrote it (merge-book.ts), to write it into the
 * next book as it is, without reading, marking and copying it again: its objects as written (a
 * segment), and in PDF source what the book still changes: its page dictionaries (the overlay and
 * page tree are added to them), its marker links (their targets move when another part changes;
 * without Dest and Contents), its structure's top elements and parent tree entries.
 */
export type WrittenPart = {
  place: WrittenPlace;
  /** Page references, in order, with their dictionaries. */
  pages: Array<[number, string]>;
  /** Marker link annotations: reference, dictionary, the id they jump to. */
  links: Array<[number, string, string]>;
  /** Ids of marker links dropped for want of a target: the part is written again only if they still have none. */
  unresolved: string[];
  roots: string;
  parentTree: Array<[number, string]>;
  /** Parent tree keys of dropped links (BookStructure.forget). */
  gone: number[];
  segment: Omit<Segment, 'bytes'>;
};

/** A part's keys in the print cache: where it was written (small, read for every part first) and what was written. */
export type WrittenKeys = {place: string; written: string};

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The keys of each part written into this book: its printed bytes' SHA-256, and what every part shares:
 * how parts are read, the book's characters (ideograph-text.ts restores text with them), the
 * titles links are described by, the installed fonts, the merge's code, and the number of objects
 * every book begins with (the structure's root and Document elements, which the part's elements
 * name). What the parts share is digested once.
 */
export function writtenKeys(book: {
  read: ReadOptions;
  marker: string;
  bookChars?: ReadonlySet<string>;
  titles: ReadonlyMap<string, string>;
  firstContentObject: number;
  fonts: string;
}): (sha256: string) => WrittenKeys {
  const shared = {
    read: book.read,
    marker: book.marker,
    chars: digest([...(book.bookChars ?? [])].sort().join('')),
    titles: digest(JSON.stringify([...book.titles])),
    first: book.firstContentObject,
    fonts: book.fonts,
    code: codeDigest(['merge', 'shared']),
  };
  return (sha256) => {
    const what = {part: sha256, ...shared};
    return {place: PrintCache.key({kind: 'written-place', ...what}), written: PrintCache.key({kind: 'written-part', ...what})};
  };
}

/** An object as PDF source (latin1), as the book's file has it. */
export const sourceOf = (object: PDFObject): string => bytesOf(object).toString('latin1');

/** PDF source parsed into `context`'s objects (a dictionary with /Type /Page becomes a page leaf). */
export function parseSource(context: PDFContext, source: string): PDFObject {
  return PDFObjectParser.forBytes(Buffer.from(source, 'latin1'), context).parseObject();
}

export async function readPlace(cache: ExportPrintCache, keys: WrittenKeys): Promise<WrittenPlace | undefined> {
  const bytes = await cache.store.get(keys.place);
  return bytes && (JSON.parse(Buffer.from(bytes).toString('utf8')) as WrittenPlace);
}

/** The part and its segment's bytes, or undefined when the cache no longer has it. */
export async function readWritten(cache: ExportPrintCache, keys: WrittenKeys): Promise<{part: WrittenPart; bytes: Buffer} | undefined> {
  const stored = await cache.store.get(keys.written);
  if (!stored) return undefined;
  const entry = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const length = entry.readUInt32BE(0);
  const part = JSON.parse(entry.subarray(4, 4 + length).toString('utf8')) as WrittenPart;
  return {part, bytes: entry.subarray(4 + length)};
}

export async function keepWritten(cache: ExportPrintCache, keys: WrittenKeys, part: WrittenPart, bytes: Buffer): Promise<void> {
  const json = Buffer.from(JSON.stringify(part), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  await cache.store.put(keys.written, Buffer.concat([length, json, bytes]));
  await cache.store.put(keys.place, Buffer.from(JSON.stringify(part.place), 'utf8'));
}

/** Consecutive numbers as ranges [first, last]. */
export function rangesOf(numbers: readonly number[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const number of [...numbers].sort((a, b) => a - b)) {
    const last = ranges[ranges.length - 1];
    if (last && number === last[1] + 1) last[1] = number;
    else ranges.push([number, number]);
  }
  return ranges;
}

const overlaps = (a: readonly [number, number], b: readonly [number, number]) => a[0] <= b[1] && b[0] <= a[1];

/**
 * Which parts are written again where they were: in book order, each whose numbers are above the
 * book's own first objects, and whose numbers and keys meet none of a part taken before it (two
 * books' parts may have had the same numbers). The others are copied anew, above all of these.
 */
export function placesKept(places: ReadonlyArray<WrittenPlace | undefined>, firstContentObject: number): Array<WrittenPlace | undefined> {
  const taken: WrittenPlace[] = [];
  return places.map((place) => {
    if (!place || place.numbers.some(([first]) => first < firstContentObject)) return undefined;
    const keys: [number, number] = [place.keys[0], place.keys[1] - 1];
    const meets = taken.some(
      (other) =>
        place.numbers.some((range) => other.numbers.some((otherRange) => overlaps(range, otherRange))) ||
        (keys[1] >= keys[0] && other.keys[1] > other.keys[0] && overlaps(keys, [other.keys[0], other.keys[1] - 1])),
    );
    if (meets) return undefined;
    taken.push(place);
    return place;
  });
}
