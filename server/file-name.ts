import {docsNamePart} from '../contracts/build-time';
import {ExportRejected} from './errors';

const MAX_BYTES = 255;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// Characters Windows and SMB shares refuse, plus both path separators.
const FORBIDDEN_CHARACTERS = /[/\\<>:"|?*]/;
// C0 and C1 controls, DEL, and Unicode line/paragraph separators.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// Invisible and direction-changing characters: they make a name read as another
// ("report\u202Efdp.exe" shows as "reportexe.pdf").
const FORMAT_CHARACTERS = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/;

/** What a book holds, as its default file name tells it. */
export type BookIdentity = {docsPluginId: string; version: string; locale: string};

/** A name part safe on every file system: letters, digits, `.`, `_` and `-`. */
function namePart(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^[.-]+|[.-]+$/g, '') || 'x'
  );
}

/**
 * `export-docs-2.0-fr-2026-11-22T05-12-09Z.pdf`: which docs (`docs` for the
 * default instance, else its id), version and locale, then the UTC time:
 * sortable, and safe on every file system.
 */
export function defaultFileName(book: BookIdentity, now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `export-${[docsNamePart(book.docsPluginId), book.version, book.locale].map(namePart).join('-')}-${stamp}.pdf`;
}

function decodedOnceMore(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // "100% done" is not percent-encoding, just a percent sign
  }
}

function reject(reason: string): ExportRejected {
  return new ExportRejected(`Invalid fileName: ${reason}`);
}

/**
 * The file name an export writes, or a rejection that says what is wrong with it.
 * Names are rejected, never silently cleaned, so a client never gets a file it
 * did not ask for.
 */
export function resolveFileName(raw: unknown): string {
  if (typeof raw !== 'string') {
    throw reject('give it once, as a single string');
  }
  if (raw.length === 0) throw reject('it is empty');
  if (CONTROL_CHARACTERS.test(raw)) throw reject('it contains control characters');
  if (FORMAT_CHARACTERS.test(raw)) throw reject('it contains invisible or direction-changing characters');
  // Fullwidth look-alikes ("．．", "／") become real dots and separators wherever a
  // tool applies NFKC, and "%2e%2e%2f" wherever a layer decodes once more: the name
  // must be safe in those forms too.
  for (const form of new Set([raw, raw.normalize('NFKC'), decodedOnceMore(raw)])) {
    if (FORBIDDEN_CHARACTERS.test(form)) {
      throw reject('it must be a bare file name without / \\ < > : " | ? *');
    }
    if (form.startsWith('.')) throw reject('it must not start with a dot');
    if (/[. ]$/.test(form)) throw reject('it must not end with a dot or a space');
  }
  if (raw.trim() !== raw) throw reject('it must not start or end with white space');
  if (raw.normalize('NFC') !== raw) throw reject('it must be in Unicode normal form NFC');
  const name = /\.pdf$/i.test(raw) ? raw : `${raw}.pdf`;
  if (WINDOWS_RESERVED.test(name)) throw reject('it is a reserved device name on Windows');
  if (Buffer.byteLength(name, 'utf8') > MAX_BYTES) {
    throw reject(`it is longer than ${MAX_BYTES} bytes in UTF-8 (with .pdf)`);
  }
  return name;
}
