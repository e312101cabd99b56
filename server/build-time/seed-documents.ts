import {randomBytes} from 'node:crypto';
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {PREBUILT_DIR} from '../../contracts/build-time';
import type {SiteManifest} from '../../contracts/manifest';
import {removeQuietly} from '../export/atomic-file';
import type {BookStore} from '../store/book-store';
import {readPrebuiltIndex} from './prebuilt-files';

/**
 * Copies the books the build made (`buildTime`) into the API's book store,
 * each with its record, so GET /pdf-files lists them from the start. A book
 * of the same name already there is the API's own and is kept. Returns how
 * many were copied.
 */
export async function seedDocuments(manifests: Iterable<SiteManifest>, store: BookStore): Promise<number> {
  const present = new Set((await store.list()).map((file) => file.name));
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'export-pdf-seed-'));
  let copied = 0;
  try {
    for (const manifest of manifests) {
      const index = await readPrebuiltIndex(manifest.outDir);
      for (const book of index?.books ?? []) {
        if (present.has(book.file)) continue;
        const jobId = `${process.pid}-${randomBytes(4).toString('hex')}`;
        const staged = store.stagingFile(book.file, jobId, scratch);
        try {
          await fs.copyFile(path.join(manifest.outDir, PREBUILT_DIR, book.file), staged);
        } catch {
          continue;
        }
        try {
          const {docsPluginId, version, versionLabel, locale} = book;
          await store.commit(book.file, staged, {docsPluginId, version, versionLabel, locale}, jobId);
        } finally {
          await removeQuietly(staged);
        }
        present.add(book.file);
        copied += 1;
      }
    }
  } finally {
    await removeQuietly(scratch);
  }
  return copied;
}
