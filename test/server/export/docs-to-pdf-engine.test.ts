import assert from 'node:assert/strict';
import {chmod, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import {EngineFailed, NotReady} from '../../../server/errors';
import {notInstalled} from '../../../contracts/optional-packages';
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

  it('fails an export, before and as it runs, with the command that installs docs-to-pdf when it is missing', async () => {
    const problem = notInstalled('docs-to-pdf', ['docs-to-pdf']);
    assert.match(
      problem,
      /^The docs-to-pdf engine is chosen, but docs-to-pdf is not installed: run `PUPPETEER_SKIP_DOWNLOAD=true npm install docs-to-pdf@\^/,
    );
    const engine = new DocsToPdfEngine(() => problem);
    const job = {log: () => assert.fail('nothing ran, so nothing logged')} as unknown as ExportJob;
    const failure = (error: Error) => error instanceof EngineFailed && error.outcome === 'command-failed' && error.detail === problem;
    assert.throws(() => engine.check(job), failure);
    await assert.rejects(engine.run(job), failure);
  });
});
