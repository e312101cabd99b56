import {promises as fs} from 'node:fs';
import path from 'node:path';
import {readBookRecord} from './book-records';
import {isErrnoException, missingDirectoryError} from './errors';
import type {PdfFileEntry} from '../contracts/api';

export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}

/** Exports in progress write `.<name>.<job>.part` files: hidden, and not `*.pdf`. */
export function isListedPdf(name: string): boolean {
  return !name.startsWith('.') && /\.pdf$/i.test(name);
}

/** Regular `*.pdf` files, newest modification first, then by name. */
export async function listPdfFiles(documentsDir: string): Promise<PdfFileEntry[]> {
  let entries;
  try {
    entries = await fs.readdir(documentsDir, {withFileTypes: true});
  } catch (error) {
    if (isErrnoException(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
      throw missingDirectoryError(documentsDir, error);
    }
    throw error;
  }
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && isListedPdf(entry.name))
      .map(async (entry) => {
        try {
          const stats = await fs.lstat(path.join(documentsDir, entry.name));
          if (!stats.isFile()) return undefined;
          const book = await readBookRecord(documentsDir, entry.name, stats.size);
          return {...toEntry(entry.name, stats), ...(book ? {book} : {})};
        } catch {
          return undefined; // removed between readdir and stat
        }
      }),
  );
  return files
    .filter((file): file is PdfFileEntry => file !== undefined)
    .sort((a, b) => b.modified.localeCompare(a.modified) || a.name.localeCompare(b.name));
}

function toEntry(name: string, stats: import('node:fs').Stats): PdfFileEntry {
  const created = stats.birthtimeMs > 0 ? stats.birthtime : stats.mtime;
  return {
    name,
    size: stats.size,
    sizeMB: megabytes(stats.size),
    created: created.toISOString(),
    modified: stats.mtime.toISOString(),
  };
}

export async function assertDirectory(documentsDir: string): Promise<void> {
  try {
    const stats = await fs.stat(documentsDir);
    if (!stats.isDirectory()) throw missingDirectoryError(documentsDir);
  } catch (error) {
    if (isErrnoException(error)) throw missingDirectoryError(documentsDir, error);
    throw error;
  }
}
