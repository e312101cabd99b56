import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdir, rm} from 'node:fs/promises';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {sandboxArgs} from '../../server/chromium';
import {NotReady} from '../../server/errors';
import {BrowserHost} from '../../server/export/native/shared/browser-host';
import {withEnv} from '../helpers/fixtures';
import {WORK_ROOT} from '../helpers/processes';

/** A directory whose path has exactly `bytes` bytes. */
async function dirOfLength(bytes: number): Promise<string> {
  const base = '/tmp/export-pdf-tmpdir-';
  const dir = base + 'd'.repeat(bytes - base.length);
  await mkdir(dir, {recursive: true});
  return dir;
}

/** Debian's two builds of Chromium 156; scripts/setup.sh --for-tests installs both. */
const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

describe("the browser's TMPDIR", {timeout: 60_000}, () => {
  const made: string[] = [];
  after(async () => {
    await Promise.all(made.map((dir) => rm(dir, {recursive: true, force: true})));
  });

  async function withTmpdir<T>(bytes: number, run: (dir: string) => Promise<T>): Promise<T> {
    const dir = await dirOfLength(bytes);
    made.push(dir);
    return withEnv('TMPDIR', dir, () => run(dir));
  }

  const full = {skip: !existsSync(FULL_CHROMIUM)};
  const withFull = <T>(run: () => Promise<T>) => withEnv('PUPPETEER_EXECUTABLE_PATH', FULL_CHROMIUM, run);

  it('starts the full Chromium below the longest TMPDIR its socket fits under', full, async () => {
    await withFull(() =>
      withTmpdir(62, async () => {
        const host = new BrowserHost({workRoot: WORK_ROOT, log: () => undefined});
        try {
          assert.match(await (await host.acquire()).version(), /Chrom/);
          assert.equal(host.state, 'running');
        } finally {
          await host.close();
        }
      }),
    );
  });

  it('refuses one byte longer with a clear NotReady, where Chromium itself would die of "Socket path too long"', full, async () => {
    await withFull(() =>
      withTmpdir(63, async (dir) => {
        const host = new BrowserHost({workRoot: WORK_ROOT, log: () => undefined});
        await assert.rejects(host.acquire(), (error: Error) => error instanceof NotReady && /at most 62 bytes/.test(error.message));
        assert.equal(host.state, 'stopped');
        await host.close();
        const profile = path.join(WORK_ROOT, `tmpdir-test-${process.pid}`);
        const chromium = spawnSync(
          FULL_CHROMIUM,
          ['--headless=new', ...sandboxArgs(), `--user-data-dir=${profile}`, '--dump-dom', 'about:blank'],
          {
            env: {...process.env, TMPDIR: dir},
            encoding: 'utf8',
            timeout: 30_000,
          },
        );
        await rm(profile, {recursive: true, force: true});
        assert.match(chromium.stderr, /Socket path too long/);
      }),
    );
  });

  it('starts the headless shell below any TMPDIR: it keeps no socket there', {skip: !existsSync(HEADLESS_SHELL)}, async () => {
    await withEnv('PUPPETEER_EXECUTABLE_PATH', HEADLESS_SHELL, () =>
      withTmpdir(100, async () => {
        const host = new BrowserHost({workRoot: WORK_ROOT, log: () => undefined});
        try {
          assert.match(await (await host.acquire()).version(), /^HeadlessChrome\//);
          assert.equal(host.state, 'running');
        } finally {
          await host.close();
        }
      }),
    );
  });
});
