import {createHash} from 'node:crypto';

/** Longest name PDF readers accept (ISO 32000-1, Annex C): 127 bytes, counted decoded. */
export const MAX_NAME_BYTES = 127;
const HASH_CHARS = 10;

/**
 * The name under which the book lists a destination, so `book.pdf#nameddest=<name>`
 * opens it: the id itself when it fits in 127 bytes, else as much of the id as
 * fits, `~` and a hash of the whole id, which keeps names unique and the same
 * from one export to the next. Returned as one character per UTF-8 byte,
 * which is how pdf-lib's PDFName writes a name byte for byte.
 */
export function destinationName(id: string): string {
  // pdf-lib reads `#xx` in a name as an escape.
  const bytes = Buffer.from(id.replace(/#/g, '_'), 'utf8');
  if (bytes.length <= MAX_NAME_BYTES) return bytes.toString('latin1');
  const hash = createHash('sha256').update(id).digest('hex').slice(0, HASH_CHARS);
  let cut = MAX_NAME_BYTES - HASH_CHARS - 1;
  // Never end inside a multi-byte character.
  while (cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut--;
  return `${bytes.subarray(0, cut).toString('latin1')}~${hash}`;
}
