import assert from 'node:assert/strict';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import type {PrebuiltBook} from '../../../contracts/build-time';
import {newIndex} from '../../../server/build-time/prebuilt-files';
import {seedDocuments} from '../../../server/build-time/seed-documents';
import {readBookRecord} from '../../../server/store/local-book-records';
import {LocalBookStore} from '../../../server/store/local-book-store';
import {TINY_PDF, directoryPerTest, testManifest} from '../../helpers/fixtures';

const book = (file: string, locale: string): PrebuiltBook => ({
  docsPluginId: 'default',
  version: 'current',
  versionLabel: 'Next',
  locale,
  file,
  pages: 1,
  bytes: TINY_PDF.length,
  sha256: '0'.repeat(64),
  generatedAt: '2026-11-24T10:00:00.000Z',
});

/** A locale's build directory holding `books` under pdf/ with their index. */
async function buildWith(outDir: string, locale: string, books: PrebuiltBook[]): Promise<void> {
  await mkdir(path.join(outDir, 'pdf'), {recursive: true});
  for (const entry of books) await writeFile(path.join(outDir, 'pdf', entry.file), TINY_PDF);
  await writeFile(path.join(outDir, 'pdf', 'index.json'), JSON.stringify(newIndex(locale, books, new Date())));
}

describe('seeding the documents directory from the books made at build time', () => {
  const {dir} = directoryPerTest('seed-documents');

  it("copies every locale's books with their records, and keeps a file of the API's own", async () => {
    const english = path.join(dir(), 'build');
    const french = path.join(dir(), 'build', 'fr');
    const documents = path.join(dir(), 'pdfs');
    await mkdir(documents);
    await buildWith(english, 'en', [book('docs-current-en.pdf', 'en')]);
    await buildWith(french, 'fr', [book('docs-current-fr.pdf', 'fr')]);
    await writeFile(path.join(documents, 'docs-current-fr.pdf'), 'exported by the API');

    const manifests = [testManifest({outDir: english}), testManifest({outDir: french})];
    assert.equal(await seedDocuments(manifests, new LocalBookStore(documents)), 1);
    assert.deepEqual(await readFile(path.join(documents, 'docs-current-en.pdf')), TINY_PDF);
    assert.deepEqual(await readBookRecord(documents, 'docs-current-en.pdf', TINY_PDF.length), {
      docsPluginId: 'default',
      version: 'current',
      versionLabel: 'Next',
      locale: 'en',
    });
    assert.equal(await readFile(path.join(documents, 'docs-current-fr.pdf'), 'utf8'), 'exported by the API');
    assert.equal(await seedDocuments(manifests, new LocalBookStore(documents)), 0, 'a second start copies nothing again');
  });

  it('does nothing for a build without books', async () => {
    assert.equal(await seedDocuments([testManifest({outDir: path.join(dir(), 'build')})], new LocalBookStore(dir())), 0);
  });
});
