import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import {NotReady} from '../../../server/errors';
import {DocsToPdfEngine} from '../../../server/export/docs-to-pdf-engine';
import type {ExportJob} from '../../../server/export/engine';

describe('DocsToPdfEngine', () => {
  it('refuses a work directory too deep for its Chromium’s socket, naming the server’s TMPDIR, before starting anything', async () => {
    const workDir = path.join(os.tmpdir(), 'docusaurus-export-pdf', 'x'.repeat(80));
    const job = {workDir, log: () => assert.fail('nothing ran, so nothing logged')} as unknown as ExportJob;
    await assert.rejects(
      new DocsToPdfEngine().run(job),
      (error: Error) =>
        error instanceof NotReady && error.message.includes(`TMPDIR=${os.tmpdir()}:`) && /at most \d+ bytes/.test(error.message),
    );
  });
});
