import {promises as fs, type Stats} from 'node:fs';
import path from 'node:path';
import type {Request, Response} from 'express';
import type {BookRecord, PdfFileEntry, StoreState} from '../../contracts/api';
import {isErrnoException, missingDirectoryError} from '../errors';
import {commitFile, removeQuietly} from '../export/atomic-file';
import {isAlive} from '../export/process-tree';
import {localOwner} from '../export/run-id';
import type {BookStore, CommittedBook} from './book-store';
import {readBookRecord, sweepBookRecords, writeBookRecord} from './local-book-records';
import {isListedPdf, megabytes, newestFirst} from './pdf-entries';

export type LocalBookStoreOptions = {
  /** Keep a record of what each PDF holds beside it (local-book-records.ts); default true. */
  recordsBooks?: boolean;
};

const PART_FILE = /^\..+\.(\d+)-([0-9a-f]+)\.part$/;

/**
 * The books as files of the documents directory, the default store: a book is written
 * as a hidden part file there and renamed into place, its record beside it.
 */
export class LocalBookStore implements BookStore {
  readonly where: string;
  readonly #recordsBooks: boolean;

  constructor(documentsDir: string, options: LocalBookStoreOptions = {}) {
    this.where = documentsDir;
    this.#recordsBooks = options.recordsBooks !== false;
  }

  /** Regular `*.pdf` files: no directories, symlinks or hidden files. */
  async list(): Promise<PdfFileEntry[]> {
    const dir = this.where;
    let entries;
    try {
      entries = await fs.readdir(dir, {withFileTypes: true});
    } catch (error) {
      if (isErrnoException(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
        throw missingDirectoryError(dir, error);
      }
      throw error;
    }
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile() && isListedPdf(entry.name))
        .map(async (entry) => {
          try {
            const stats = await fs.lstat(path.join(dir, entry.name));
            if (!stats.isFile()) return undefined;
            const book = await readBookRecord(dir, entry.name, stats.size);
            return {...toEntry(entry.name, stats), ...(book ? {book} : {})};
          } catch {
            return undefined; // removed between readdir and stat
          }
        }),
    );
    return files.filter((file): file is PdfFileEntry => file !== undefined).sort(newestFirst);
  }

  async ready(): Promise<void> {
    try {
      const stats = await fs.stat(this.where);
      if (!stats.isDirectory()) throw missingDirectoryError(this.where);
    } catch (error) {
      if (isErrnoException(error)) throw missingDirectoryError(this.where, error);
      throw error;
    }
  }

  /** In the documents directory itself, so that the commit is a rename on one file system. */
  stagingFile(fileName: string, jobId: string): string {
    return path.join(this.where, `.${fileName}.${jobId}.part`);
  }

  async commit(fileName: string, stagedFile: string, record: BookRecord | undefined, jobId: string): Promise<CommittedBook> {
    const destination = path.join(this.where, fileName);
    if (record && this.#recordsBooks) {
      await writeBookRecord(this.where, fileName, record, (await fs.stat(stagedFile)).size, jobId);
    }
    await commitFile(stagedFile, destination);
    const {size} = await fs.stat(destination);
    return {fileSize: size, pdfPath: destination};
  }

  async serve(fileName: string, _req: Request, res: Response): Promise<boolean> {
    const stats = await fs.lstat(path.join(this.where, fileName)).catch(() => undefined);
    if (!stats?.isFile()) return false;
    return new Promise((resolve) => {
      res.sendFile(
        fileName,
        {
          root: this.where,
          dotfiles: 'deny',
          headers: {'Content-Type': 'application/pdf', 'Cache-Control': 'no-cache'},
        },
        (error) => resolve(!error || res.headersSent),
      );
    });
  }

  async check(): Promise<StoreState> {
    const stats = await fs.stat(this.where).catch(() => undefined);
    return stats?.isDirectory() ? 'running' : 'unreachable';
  }

  /** Part files of exports whose server process is gone, and records whose PDF is gone. */
  async sweepStale(): Promise<void> {
    const names = await fs.readdir(this.where).catch(() => [] as string[]);
    for (const name of names) {
      const part = PART_FILE.exec(name);
      // Workers on other hosts may share the directory: only this host's pids say anything here.
      const owner = part && localOwner(part[1]!, part[2]!);
      if (owner && !isAlive(owner)) await removeQuietly(path.join(this.where, name));
    }
    await sweepBookRecords(this.where, names);
  }
}

function toEntry(name: string, stats: Stats): PdfFileEntry {
  const created = stats.birthtimeMs > 0 ? stats.birthtime : stats.mtime;
  return {
    name,
    size: stats.size,
    sizeMB: megabytes(stats.size),
    created: created.toISOString(),
    modified: stats.mtime.toISOString(),
  };
}
