import assert from 'node:assert/strict';
import {mkdir, rm, symlink, utimes, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {beforeEach, describe, it} from 'node:test';
import request from 'supertest';
import {createApp} from '../../../server/app';
import {LocalBookStore} from '../../../server/store/local-book-store';
import {directoryPerTest} from '../../helpers/fixtures';

describe('GET /pdf-files', () => {
  const dirs = directoryPerTest('export-pdf-files');
  let documentsDir: string;
  const exporter = {export: async () => assert.fail('no export')};
  const app = () => createApp({nodeEnv: 'production'}, {exporter, siteProbe: async () => true, store: new LocalBookStore(documentsDir)});

  beforeEach(() => {
    documentsDir = dirs.dir();
  });

  it('lists regular PDF files with every field, newest first', async () => {
    await writeFile(path.join(documentsDir, 'old.pdf'), 'x'.repeat(10));
    await writeFile(path.join(documentsDir, 'new.PDF'), 'y'.repeat(20));
    await utimes(path.join(documentsDir, 'old.pdf'), new Date('2026-01-01'), new Date('2026-01-01'));
    await writeFile(path.join(documentsDir, 'notes.txt'), 'not a pdf');
    await writeFile(path.join(documentsDir, '.x.pdf.1-ab.part'), 'part');
    await writeFile(path.join(documentsDir, '.hidden.pdf'), 'hidden');
    await mkdir(path.join(documentsDir, 'folder.pdf'));
    await symlink(path.join(documentsDir, 'old.pdf'), path.join(documentsDir, 'alias.pdf'));
    const response = await request(app()).get('/pdf-files').expect(200);
    assert.equal(response.body.count, 2);
    assert.deepEqual(
      response.body.files.map((f: {name: string}) => f.name),
      ['new.PDF', 'old.pdf'],
    );
    const old = response.body.files[1];
    assert.deepEqual(Object.keys(old).sort(), ['created', 'modified', 'name', 'size', 'sizeMB']);
    assert.equal(old.size, 10);
    assert.equal(old.sizeMB, '0.00');
    assert.equal(old.modified, '2026-01-01T00:00:00.000Z');
    assert.ok(!Number.isNaN(Date.parse(old.created)));
  });

  it('lists nothing in an empty directory', async () => {
    const response = await request(app()).get('/pdf-files').expect(200);
    assert.deepEqual(response.body, {count: 0, files: []});
  });

  it('answers 500 with the ENOENT text when the directory is missing', async () => {
    await rm(documentsDir, {recursive: true});
    const response = await request(app()).get('/pdf-files').expect(500);
    assert.deepEqual(Object.keys(response.body).sort(), ['detail', 'error', 'success']);
    assert.equal(response.body.error, 'ENOENT: no such file or directory');
  });
});
