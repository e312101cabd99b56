import {randomBytes} from 'node:crypto';
import {constants, promises as fs} from 'node:fs';
import path from 'node:path';
import {PREBUILT_DIR} from '../../contracts/build-time';
import type {SiteManifest} from '../../contracts/manifest';
import {writeBookRecord} from '../book-records';
import {readPrebuiltIndex} from './prebuilt-files';

/**
 * Copies the books the build made (`buildTime`) into the API's documents
 * directory, each with its record, so GET /pdf-files lists them from the
 * start. A file of the same name already there is the API's own and is kept.
 * Returns how many were copied.
 */
export async function seedDocuments(manifests: Iterable<SiteManifest>, documentsDir: string): Promise<number> {
  let copied = 0;
  for (const manifest of manifests) {
    const index = await readPrebuiltIndex(manifest.outDir);
    for (const book of index?.books ?? []) {
      const source = path.join(manifest.outDir, PREBUILT_DIR, book.file);
      const destination = path.join(documentsDir, book.file);
      try {
        // COPYFILE_EXCL: never over a file the API exported.
        await fs.copyFile(source, destination, constants.COPYFILE_EXCL);
      } catch {
        continue;
      }
      const {docsPluginId, version, versionLabel, locale} = book;
      await writeBookRecord(
        documentsDir,
        book.file,
        {docsPluginId, version, versionLabel, locale},
        book.bytes,
        randomBytes(4).toString('hex'),
      );
      copied += 1;
    }
  }
  return copied;
}
