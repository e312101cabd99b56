import assert from 'node:assert/strict';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {toggleEdit} from '../../../scripts/bench/edit-scenario';
import {tempDir} from '../../helpers/fixtures';

describe('bench edit scenario', () => {
  let site: Awaited<ReturnType<typeof tempDir>>;
  const doc = '---\ntitle: Middle\n---\n\nFirst paragraph.\n';
  before(async () => {
    site = await tempDir('bench-edit');
    await mkdir(path.join(site.dir, 'docs', 'b'), {recursive: true});
    await writeFile(path.join(site.dir, 'docs', 'a.md'), '# A\n');
    await writeFile(path.join(site.dir, 'docs', 'b', 'middle.mdx'), doc);
    await writeFile(path.join(site.dir, 'docs', 'z.md'), '# Z\n');
  });
  after(() => site.remove());

  it('adds a paragraph after the front matter of the middle doc, then takes it out again', async () => {
    const first = await toggleEdit(site.dir);
    assert.deepEqual(first, {file: path.join(site.dir, 'docs', 'b', 'middle.mdx'), added: true});
    const edited = await readFile(first.file, 'utf8');
    assert.match(edited, /^---\ntitle: Middle\n---\n\n<!-- bench: [^>]+ -->\n\nThis paragraph was added after the first export\./);
    assert.ok(edited.endsWith('First paragraph.\n'));
    assert.deepEqual(await toggleEdit(site.dir), {file: first.file, added: false});
    assert.equal(await readFile(first.file, 'utf8'), doc);
  });
});
