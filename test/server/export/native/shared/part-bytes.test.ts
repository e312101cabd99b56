import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {fileBytes, heldBytes} from '../../../../../server/export/native/shared/part-bytes';
import {tempDir} from '../../../../helpers/fixtures';

describe('part bytes', () => {
  const bytes = Buffer.from('%PDF-1.7\n% a printed part\n');
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  it('held in memory: read as given, keyed by their SHA-256', async () => {
    const held = heldBytes(bytes);
    assert.equal(held.sha256, sha256);
    assert.deepEqual(Buffer.from(await held.read()), bytes);
  });

  it('in a file: written there, let go of, read back the same', async () => {
    const {dir, remove} = await tempDir('part-bytes-');
    after(remove);
    const file = path.join(dir, 'part-0.pdf');
    const kept = await fileBytes(Uint8Array.from(bytes), file);
    assert.equal(kept.sha256, sha256);
    assert.deepEqual(await fs.readFile(file), bytes);
    assert.deepEqual(Buffer.from(await kept.read()), bytes);
  });
});
