import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import type {FontRow} from './check-types';

const run = promisify(execFile);

/**
 * Parses pdffonts' table. Columns are cut where the header's dashes say, since names and types
 * may hold spaces ("CID TrueType", "Type 3").
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
    const cells = columns.map(([start, end], index) => line.slice(start, index === columns.length - 1 ? undefined : end + 1).trim());
    const [name = '', type = '', encoding = '', embedded = ''] = cells;
    rows.push({name, type, encoding, embedded: embedded === 'yes', object: cells.slice(6).join(' ')});
  }
  return rows;
}

/** The fonts of a PDF, as poppler's pdffonts lists them. */
export async function readFonts(file: string): Promise<FontRow[]> {
  try {
    const {stdout} = await run('pdffonts', [file], {maxBuffer: 64 * 1024 * 1024});
    return parsePdffonts(stdout);
  } catch (error) {
    throw new Error(`Cannot run pdffonts (poppler-utils): ${(error as Error).message}`);
  }
}
