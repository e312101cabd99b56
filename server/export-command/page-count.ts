import {promises as fs} from 'node:fs';
import {PDFDocument} from 'pdf-lib';

/** Parsing takes about 1 s per 16 MB; past this the summary goes without a page count. */
const MAX_BYTES = 24 * 1024 * 1024;

/** The PDF's page count when it is cheap to read (at most `maxBytes`), else undefined; never fails. */
export async function cheapPageCount(file: string, size: number, maxBytes = MAX_BYTES): Promise<number | undefined> {
  if (size > maxBytes) return undefined;
  try {
    const pdf = await PDFDocument.load(await fs.readFile(file), {updateMetadata: false});
    return pdf.getPageCount();
  } catch {
    return undefined;
  }
}
