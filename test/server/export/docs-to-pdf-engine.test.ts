import assert from 'node:assert/strict';
import {chmod, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import {NotReady} from '../../../server/errors';
import {DocsToPdfEngine} from '../../../server/export/docs-to-pdf-engine';
import type {ExportJob} from '../../../server/export/engine';
import {tempDir, withEnv} from '../../helpers/fixtures';

describe('DocsToPdfEngine', () => {
  it('refuses a work directory too deep for the full Chromium’s socket, naming the server’s TMPDIR, before starting anything', async () => {
    // Never run: the refusal comes first. Named as the full browser, which keeps the socket.
    const dir = await tempDir('full-chromium');
    const chromium = path.join(dir.dir, 'chromium');
    await writeFile(chromium, '#!/bin/sh\nexit 1\n');
    await chmod(chromium, 0o755);
    const workDir = path.join(os.tmpdir(), 'docusaurus-export-pdf', 'x'.repeat(80));
    const job = {workDir, log: () => assert.fail('nothing ran, so nothing logged')} as unknown as ExportJob;
    try {
      await withEnv('PUPPETEER_EXECUTABLE_PATH', chromium, () =>
        assert.rejects(
          new DocsToPdfEngine().run(job),
          (error: Error) =>
            error instanceof NotReady && error.message.includes(`TMPDIR=${os.tmpdir()}:`) && /at most \d+ bytes/.test(error.message),
        ),
      );
    } finally {
      await dir.remove();
    }
  });
});
