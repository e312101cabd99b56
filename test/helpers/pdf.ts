import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {PDFDocument} from 'pdf-lib';

const run = promisify(execFile);

export async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

/** The PDF's text, through poppler's pdftotext, in reading order. */
export async function pdfText(file: string): Promise<string> {
  const {stdout} = await run('pdftotext', ['-layout', file, '-'], {maxBuffer: 64 * 1024 * 1024});
  return stdout;
}
