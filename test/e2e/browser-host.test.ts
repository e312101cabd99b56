import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdir, rm} from 'node:fs/promises';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {findChromium, sandboxArgs} from '../../server/chromium';
import {NotReady} from '../../server/errors';
import {BrowserHost} from '../../server/export/native/shared/browser-host';
import {WORK_ROOT} from '../helpers/processes';

/** A directory whose path has exactly `bytes` bytes. */
async function dirOfLength(bytes: number): Promise<string> {
  const base = '/tmp/export-pdf-tmpdir-';
  const dir = base + 'd'.repeat(bytes - base.length);
  await mkdir(dir, {recursive: true});
  return dir;
}

describe("the browser's TMPDIR", {timeout: 60_000}, () => {
  const made: string[] = [];
  const savedTmpdir = process.env.TMPDIR;
  after(async () => {
    process.env.TMPDIR = savedTmpdir;
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    await Promise.all(made.map((dir) => rm(dir, {recursive: true, force: true})));
  });

  async function withTmpdir<T>(bytes: number, run: (dir: string) => Promise<T>): Promise<T> {
    const dir = await dirOfLength(bytes);
    made.push(dir);
    process.env.TMPDIR = dir;
    try {
      return await run(dir);
    } finally {
      process.env.TMPDIR = savedTmpdir;
      if (savedTmpdir === undefined) delete process.env.TMPDIR;
    }
  }

  it('starts Chromium below the longest TMPDIR its socket fits under', async () => {
    await withTmpdir(62, async () => {
      const host = new BrowserHost({workRoot: WORK_ROOT, log: () => undefined});
      try {
        assert.match(await (await host.acquire()).version(), /Chrom/);
        assert.equal(host.state, 'running');
      } finally {
        await host.close();
      }
    });
  });

  it('refuses one byte longer with a clear NotReady, where Chromium itself would die of "Socket path too long"', async () => {
    await withTmpdir(63, async (dir) => {
      const host = new BrowserHost({workRoot: WORK_ROOT, log: () => undefined});
      await assert.rejects(host.acquire(), (error: Error) => error instanceof NotReady && /at most 62 bytes/.test(error.message));
      assert.equal(host.state, 'stopped');
      await host.close();
      const profile = path.join(WORK_ROOT, `tmpdir-test-${process.pid}`);
      const chromium = spawnSync(
        findChromium(),
        ['--headless=new', ...sandboxArgs(), `--user-data-dir=${profile}`, '--dump-dom', 'about:blank'],
        {
          env: {...process.env, TMPDIR: dir},
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      await rm(profile, {recursive: true, force: true});
      assert.match(chromium.stderr, /Socket path too long/);
    });
  });
});
