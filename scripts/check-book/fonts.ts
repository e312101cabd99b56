import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import type {FontRow} from './check-types';

const run = promisify(execFile);

/**
 * Parses pdffonts' table. Columns are cut where the header's dashes say, since names and types
 * may hold spaces ("CID TrueType", "Type 3"); pdffonts pads them in bytes, so a name with
 * multi-byte characters is cut as bytes. The last five columns never hold spaces, so the
 * flags are read from the end of the line.
 */
export function parsePdffonts(stdout: string): FontRow[] {
  const lines = stdout.split('\n');
  const rule = lines.findIndex((line) => /^-+( -+)+\s*$/.test(line));
  if (rule < 0) return [];
  const columns: Array<[number, number]> = [];
  for (const match of lines[rule]!.matchAll(/-+/g)) columns.push([match.index!, match.index! + match[0].length]);
  const rows: FontRow[] = [];
  for (const line of lines.slice(rule + 1)) {
    if (!line.trim()) continue;
    const bytes = Buffer.from(line, 'utf8');
    const cells = columns.map(([start, end], index) =>
      bytes
        .subarray(start, index === columns.length - 1 ? undefined : end + 1)
        .toString('utf8')
        .trim(),
    );
    const [name = '', type = '', encoding = ''] = cells;
    const flags = line.trim().split(/\s+/);
    rows.push({name, type, encoding, embedded: flags.at(-5) === 'yes', object: flags.slice(-2).join(' ')});
  }
  return rows;
}

/** The fonts of a PDF, as poppler's pdffonts lists them. */
export async function readFonts(file: string): Promise<FontRow[]> {
  try {
    const {stdout} = await run('pdffonts', [file], {maxBuffer: 64 * 1024 * 1024});
    return parsePdffonts(stdout);
  } catch (error) {
    throw new Error(`Cannot run pdffonts (poppler-utils): ${(error as Error).message}`, {cause: error});
  }
}
