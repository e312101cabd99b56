import {execFile} from 'node:child_process';
import {promisify} from 'node:util';

const run = promisify(execFile);

/**
 * The text of pages `first`–`last` (1-based) as poppler's pdftotext reads it. Poppler honours
 * `/ActualText` spans, which pdfjs' text content ignores: Chromium draws some emoji (the 🇬🇧
 * flag) as one glyph whose ToUnicode entry is a private-use code point, and writes the real
 * characters only in such a span.
 */
export async function popplerText(file: string, first: number, last: number): Promise<string> {
  const {stdout} = await run('pdftotext', ['-q', '-enc', 'UTF-8', '-f', String(first), '-l', String(last), file, '-'], {
    maxBuffer: 256 * 1024 * 1024,
  });
  return stdout;
}
