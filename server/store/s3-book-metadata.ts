import type {BookRecord} from '../../contracts/api';
import {asBookRecord} from './pdf-entries';

// User metadata travels in HTTP headers: ASCII only, so the record's JSON is percent-encoded.
const KEY = 'book';

/** The object metadata that carries a book's record. */
export function bookMetadata(record: BookRecord): Record<string, string> {
  return {[KEY]: encodeURIComponent(JSON.stringify(record))};
}

/** The record in an object's metadata, when it has one. */
export function readBookMetadata(metadata: Record<string, string> | undefined): BookRecord | undefined {
  const encoded = metadata?.[KEY];
  if (!encoded) return undefined;
  try {
    return asBookRecord(JSON.parse(decodeURIComponent(encoded)));
  } catch {
    return undefined;
  }
}
