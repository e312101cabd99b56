import {createHash} from 'node:crypto';
import {promises as fs} from 'node:fs';

/**
 * A printed part's bytes where render left them, and their SHA-256 (what the merge keys a part
 * written before by, write-content.ts). Render puts a content part's bytes in a file of the
 * export's work directory: held in memory, a 1,000-doc book's parts are 100 MB of the server's
 * peak, through render and into the merge, and a part the merge writes again as before (every
 * part but the edited one) is never read.
 */
export type PartBytes = {
  sha256: string;
  read: () => Promise<Uint8Array>;
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Bytes kept in memory: a cover or a TOC, a few pages each. */
export function heldBytes(bytes: Uint8Array): PartBytes {
  return {sha256: sha256(bytes), read: async () => bytes};
}

/** Bytes written to `file` (in the export's work directory, removed with it) and read from there when needed. */
export async function fileBytes(bytes: Uint8Array, file: string): Promise<PartBytes> {
  await fs.writeFile(file, bytes);
  return {sha256: sha256(bytes), read: () => fs.readFile(file)};
}
