import assert from 'node:assert/strict';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import type {AssembledBook} from '../../../../../server/export/native/assemble/assemble';
import {withPartFiles} from '../../../../../server/export/native/assemble/part-files';
import {tempDir} from '../../../../helpers/fixtures';

describe('part files', () => {
  it('puts each part in a file of the work directory, read back the same, and keeps the rest of the book', async () => {
    const {dir, remove} = await tempDir('part-files-');
    after(remove);
    const parts = ['<html><body><h1>Première</h1></body></html>', '<html><body><p>日本語と emoji 🚀</p></body></html>'];
    const book = {title: 'A book', parts, outline: []} as unknown as AssembledBook;
    const onDisk = await withPartFiles(book, dir);
    assert.equal(onDisk.title, 'A book');
    assert.deepEqual(onDisk.outline, []);
    assert.deepEqual(
      onDisk.parts.map((part) => path.relative(dir, part.file)),
      ['part-0.html', 'part-1.html'],
    );
    assert.deepEqual(await Promise.all(onDisk.parts.map((part) => part.read())), parts);
    assert.equal(await fs.readFile(path.join(dir, 'part-1.html'), 'utf8'), parts[1]);
  });
});
