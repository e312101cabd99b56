import {createHash} from 'node:crypto';
import {createReadStream, promises as fs} from 'node:fs';
import path from 'node:path';
import {pipeline} from 'node:stream/promises';
import {PREBUILT_DIR, PREBUILT_INDEX_FILE, PREBUILT_INDEX_VERSION, type PrebuiltBook, type PrebuiltIndex} from '../../contracts/build-time';
import {commitFile, removeQuietly} from '../export/atomic-file';
import {cheapPageCount} from '../export-command/page-count';
import type {PlannedBook} from './select-books';

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The index entry of a book made in `stagedPath`. */
export async function describeBook(book: PlannedBook, stagedPath: string, generatedAt: Date): Promise<PrebuiltBook> {
  const {size} = await fs.stat(stagedPath);
  return {
    docsPluginId: book.docsPluginId,
    version: book.version,
    versionLabel: book.versionLabel,
    locale: book.locale,
    file: book.fileName,
    pages: (await cheapPageCount(stagedPath, size, Number.POSITIVE_INFINITY)) ?? 0,
    bytes: size,
    sha256: await sha256Of(stagedPath),
    generatedAt: generatedAt.toISOString(),
  };
}

/**
 * Copies the books made in `stagingDir` into `<outDir>/pdf/` and writes the
 * index last, each file under a hidden temporary name first: a build stopped
 * half-way leaves no file that looks finished. What this call put there is
 * removed again when it fails.
 */
export async function publishBooks(outDir: string, stagingDir: string, index: PrebuiltIndex): Promise<void> {
  const dir = path.join(outDir, PREBUILT_DIR);
  await fs.mkdir(dir, {recursive: true});
  const written: string[] = [];
  const place = async (final: string, fill: (temporary: string) => Promise<void>) => {
    const temporary = path.join(dir, `.${path.basename(final)}.${process.pid}.part`);
    try {
      await fill(temporary);
      await commitFile(temporary, final);
      written.push(final);
    } finally {
      await removeQuietly(temporary);
    }
  };
  try {
    for (const book of index.books) {
      await place(path.join(dir, book.file), (temporary) => fs.copyFile(path.join(stagingDir, book.file), temporary));
    }
    await place(path.join(outDir, PREBUILT_INDEX_FILE), (temporary) => fs.writeFile(temporary, `${JSON.stringify(index, null, 2)}\n`));
  } catch (error) {
    await Promise.all(written.map(removeQuietly));
    throw error;
  }
}

/** A locale's index as its build wrote it, or undefined when there is none or it is not one this version reads. */
export async function readPrebuiltIndex(outDir: string): Promise<PrebuiltIndex | undefined> {
  try {
    const index = JSON.parse(await fs.readFile(path.join(outDir, PREBUILT_INDEX_FILE), 'utf8')) as Partial<PrebuiltIndex>;
    return index.indexVersion === PREBUILT_INDEX_VERSION && Array.isArray(index.books) ? (index as PrebuiltIndex) : undefined;
  } catch {
    return undefined;
  }
}

export function newIndex(locale: string, books: PrebuiltBook[], generatedAt: Date): PrebuiltIndex {
  return {indexVersion: PREBUILT_INDEX_VERSION, locale, generatedAt: generatedAt.toISOString(), books};
}
