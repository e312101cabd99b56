import assert from 'node:assert/strict';
import {readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import {LocalBookStore} from '../../../server/store/local-book-store';
import {TINY_PDF, directoryPerTest} from '../../helpers/fixtures';

// No process has this pid: Linux caps pids far below it.
const DEAD_PID = 2 ** 30;
const RECORD = {docsPluginId: 'default', version: 'current', locale: 'en'};

describe('LocalBookStore', () => {
  const {dir} = directoryPerTest('export-pdf-local-store');

  it('stages beside the books, and commits by rename with the record, leaving no part file', async () => {
    const store = new LocalBookStore(dir());
    const staged = store.stagingFile('guide.pdf', `${process.pid}-ab`);
    assert.equal(staged, path.join(dir(), `.guide.pdf.${process.pid}-ab.part`));
    await writeFile(staged, TINY_PDF);
    assert.deepEqual(await store.list(), [], 'a staged book is not listed');
    assert.deepEqual(await store.commit('guide.pdf', staged, RECORD, `${process.pid}-ab`), {
      fileSize: TINY_PDF.length,
      pdfPath: path.join(dir(), 'guide.pdf'),
    });
    assert.deepEqual((await readdir(dir())).sort(), ['.guide.pdf.book.json', 'guide.pdf']);
    assert.deepEqual(await readFile(path.join(dir(), 'guide.pdf')), TINY_PDF);
    const [entry] = await store.list();
    assert.equal(entry!.name, 'guide.pdf');
    assert.deepEqual(entry!.book, RECORD);
  });

  it('writes no record when it keeps none (a file the CLI writes elsewhere)', async () => {
    const store = new LocalBookStore(dir(), {recordsBooks: false});
    const staged = store.stagingFile('out.pdf', `${process.pid}-cd`);
    await writeFile(staged, TINY_PDF);
    await store.commit('out.pdf', staged, RECORD, `${process.pid}-cd`);
    assert.deepEqual(await readdir(dir()), ['out.pdf']);
  });

  it('sweeps part files of dead processes and records whose PDF is gone, and nothing else', async () => {
    const store = new LocalBookStore(dir());
    const names = [`.a.pdf.${DEAD_PID}-cc.part`, `.b.pdf.${process.pid}-dd.part`, '.gone.pdf.book.json', '.kept.pdf.book.json', 'kept.pdf'];
    for (const name of names) await writeFile(path.join(dir(), name), 'x');
    await store.sweepStale();
    assert.deepEqual((await readdir(dir())).sort(), [`.b.pdf.${process.pid}-dd.part`, '.kept.pdf.book.json', 'kept.pdf']);
  });

  it('is running while its directory is there, and unreachable once it is gone', async () => {
    const store = new LocalBookStore(dir());
    assert.equal(await store.check(), 'running');
    await store.ready();
    await rm(dir(), {recursive: true});
    assert.equal(await store.check(), 'unreachable');
    await assert.rejects(store.ready(), /ENOENT: no such file or directory/);
    await assert.rejects(store.list(), /ENOENT: no such file or directory/);
  });
});
