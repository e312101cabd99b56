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

/** A word of a page and its box in points, top-left origin, as `pdftotext -bbox` gives them. */
export type PlacedWord = {text: string; xMin: number; yMin: number; xMax: number; yMax: number};

/** The words of one page (1-based) with their boxes, and the page's width. */
export async function pageWords(file: string, page: number): Promise<{width: number; words: PlacedWord[]}> {
  const {stdout} = await run('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], {maxBuffer: 16 * 1024 * 1024});
  const width = Number(/<page width="([\d.]+)"/.exec(stdout)?.[1]);
  const words = [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
    (match) => ({
      xMin: Number(match[1]),
      yMin: Number(match[2]),
      xMax: Number(match[3]),
      yMax: Number(match[4]),
      text: match[5]!
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"'),
    }),
  );
  return {width, words};
}
