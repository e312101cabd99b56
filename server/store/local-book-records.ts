import {promises as fs} from 'node:fs';
import path from 'node:path';
import {commitFile, removeQuietly} from '../export/atomic-file';
import type {BookRecord} from '../../contracts/api';
import {asBookRecord} from './pdf-entries';

type StoredRecord = BookRecord & {
  /** Size of the PDF the record was written for: a file replaced by other means no longer matches. */
  fileSize: number;
};

/** `.<name>.book.json` beside the PDF: hidden, so neither listed nor served. */
function recordPath(documentsDir: string, fileName: string): string {
  return path.join(documentsDir, `.${fileName}.book.json`);
}

/** Writes the record of a PDF about to be put in place, whole or not at all. */
export async function writeBookRecord(
  documentsDir: string,
  fileName: string,
  record: BookRecord,
  fileSize: number,
  jobId: string,
): Promise<void> {
  const file = recordPath(documentsDir, fileName);
  const temporary = `${file}.${jobId}.part`;
  const stored: StoredRecord = {...record, fileSize};
  try {
    await fs.writeFile(temporary, JSON.stringify(stored));
    await commitFile(temporary, file);
  } finally {
    await removeQuietly(temporary);
  }
}

/** The record of a listed PDF, when one was written for a file of this size. */
export async function readBookRecord(documentsDir: string, fileName: string, fileSize: number): Promise<BookRecord | undefined> {
  try {
    const stored = JSON.parse(await fs.readFile(recordPath(documentsDir, fileName), 'utf8')) as Partial<StoredRecord>;
    return stored.fileSize === fileSize ? asBookRecord(stored) : undefined;
  } catch {
    return undefined;
  }
}

const RECORD_FILE = /^\.(.+)\.book\.json$/;

/** Removes the records of PDFs that are gone. */
export async function sweepBookRecords(documentsDir: string, names: string[]): Promise<void> {
  const present = new Set(names);
  for (const name of names) {
    const pdf = RECORD_FILE.exec(name)?.[1];
    if (pdf && !present.has(pdf)) await removeQuietly(path.join(documentsDir, name));
  }
}
