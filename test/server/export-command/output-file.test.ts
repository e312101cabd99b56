import assert from 'node:assert/strict';
import {mkdir, stat} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {CommandFailure, EXIT_CODES} from '../../../server/export-command/command-failure';
import {resolveOutputFile} from '../../../server/export-command/output-file';
import {tempDir} from '../../helpers/fixtures';

const NOW = new Date('2026-11-22T05:12:09Z');
const BOOK = {docsPluginId: 'default', version: '2.0', locale: 'fr'};
const DEFAULT_NAME = 'export-docs-2.0-fr-2026-11-22T05-12-09Z.pdf';

describe('resolveOutputFile', () => {
  let root: Awaited<ReturnType<typeof tempDir>>;

  before(async () => {
    root = await tempDir('export-pdf-out');
    await mkdir(path.join(root.dir, 'build'));
  });
  after(async () => root.remove());

  it('writes the default name into the documents directory, created as the server creates it', async () => {
    const documentsDir = path.join(root.dir, 'pdfs', 'nested');
    const output = await resolveOutputFile(undefined, documentsDir, BOOK, NOW);
    assert.deepEqual(output, {documentsDir, fileName: DEFAULT_NAME, path: path.join(documentsDir, DEFAULT_NAME)});
    assert.ok((await stat(documentsDir)).isDirectory());
  });

  it('splits --out into directory and file name, appending .pdf as the API does', async () => {
    const output = await resolveOutputFile(path.join(root.dir, 'build', 'handbook'), '/unused', BOOK, NOW);
    assert.deepEqual(output, {
      documentsDir: path.join(root.dir, 'build'),
      fileName: 'handbook.pdf',
      path: path.join(root.dir, 'build', 'handbook.pdf'),
    });
  });

  it('gives an existing directory the default name', async () => {
    const output = await resolveOutputFile(path.join(root.dir, 'build'), '/unused', BOOK, NOW);
    assert.equal(output.path, path.join(root.dir, 'build', DEFAULT_NAME));
  });

  it('refuses a missing directory instead of creating it', async () => {
    const missing = path.join(root.dir, 'nope');
    for (const out of [path.join(missing, 'book.pdf'), missing + path.sep]) {
      await assert.rejects(resolveOutputFile(out, '/unused', BOOK), (error: CommandFailure) => {
        assert.equal(error.exitCode, EXIT_CODES.usage);
        assert.equal(error.message, `The directory of --out does not exist: ${missing}`);
        return true;
      });
    }
    await assert.rejects(stat(missing));
  });

  for (const [label, name] of [
    ['a leading dot', '.hidden.pdf'],
    ['a trailing space', 'book.pdf '],
    ['a device name', 'CON.pdf'],
    ['a direction-changing character', 'report\u202Efdp.pdf'],
  ]) {
    it(`refuses a file name with ${label}, with the API's reason`, async () => {
      await assert.rejects(resolveOutputFile(path.join(root.dir, 'build', name!), '/unused', BOOK), (error: CommandFailure) => {
        assert.equal(error.exitCode, EXIT_CODES.usage);
        assert.match(error.message, /^Invalid file name in --out: it /);
        return true;
      });
    });
  }
});
