import assert from 'node:assert/strict';
import {mkdir} from 'node:fs/promises';
import type {Server} from 'node:http';
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import {after, before, describe, it} from 'node:test';
import {createApp} from '../../server/app';
import {Exporter} from '../../server/export/exporter';
import {NativeEngine} from '../../server/export/native/engine';
import {closeServer, freePorts, listen} from '../../server/listen';
import {readBuiltManifest} from '../../server/built-site';
import {builtSite} from '../../server/manifest';
import {createStaticSiteApp} from '../../server/site/static-site';
import {LocalBookStore} from '../../server/store/local-book-store';
import {httpSiteProbe} from '../../server/site/site-probe';
import {documentFiles, tempDir} from '../helpers/fixtures';
import {WORK_ROOT, exportBrowserPids, scratchDirs} from '../helpers/processes';
import {EXAMPLE_SITE} from '../helpers/server-process';

// Five exports find a leak of the limit below (then at least 6 MB over the three after warm-up, where
// the heap after two collections varies by well under 1 MB) and each export's leftovers; a longer
// run, before a release: SOAK_EXPORTS=50 node --import tsx --test test/e2e/soak.test.ts.
const EXPORTS = Number(process.env.SOAK_EXPORTS ?? 5);
const WARM_UP = 2;
const MAX_GROWTH_PER_EXPORT = 2 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

// The whole API, exporter and site server run in this process so that their heap
// can be measured. Each export is the whole example site with the default (native)
// engine, whose browser stays warm: it must be the same browser throughout, and go
// when the exporter closes.
describe(`soak: ${EXPORTS} real exports in a row`, {timeout: 900_000}, () => {
  let documents: Awaited<ReturnType<typeof tempDir>>;
  let servers: Server[] = [];
  let exporter: Exporter;
  let apiUrl: string;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  before(async () => {
    process.on('unhandledRejection', onRejection);
    documents = await tempDir('export-pdf-soak');
    await mkdir(WORK_ROOT, {recursive: true});
    const manifest = await readBuiltManifest(builtSite(EXAMPLE_SITE));
    const [sitePort, apiPort] = await freePorts(2);
    const siteOrigin = `http://127.0.0.1:${sitePort}`;
    const siteProbe = httpSiteProbe(siteOrigin + manifest.baseUrl);
    const store = new LocalBookStore(documents.dir);
    exporter = new Exporter({
      engine: new NativeEngine({workRoot: WORK_ROOT, log: () => undefined}),
      store,
      siteOrigin,
      siteProbe,
      loadManifests: async () => new Map([[manifest.locale.current, manifest]]),
      timeoutMs: 120_000,
      queueLimit: 1,
      workRoot: WORK_ROOT,
      log: () => undefined,
    });
    servers = [
      await listen(createStaticSiteApp(manifest, {store, apiPort}), sitePort, '127.0.0.1', 'site'),
      await listen(createApp({nodeEnv: 'production'}, {exporter, siteProbe, store}), apiPort, '127.0.0.1', 'API'),
    ];
    apiUrl = `http://127.0.0.1:${apiPort}`;
  });
  after(async () => {
    process.off('unhandledRejection', onRejection);
    await exporter?.close();
    servers.forEach((server) => server.closeAllConnections());
    await Promise.all(servers.map(closeServer));
    await documents?.remove();
  });

  it('keeps the heap flat and leaves no Chromium, scratch or part file behind', {timeout: 900_000}, async () => {
    const heap: number[] = [];
    const seconds: number[] = [];
    let browser: number[] | undefined;
    for (let i = 0; i < EXPORTS; i += 1) {
      const started = Date.now();
      const response = await fetch(`${apiUrl}/export-pdf?fileName=soak`);
      const body = await response.json();
      assert.equal(response.status, 200, `export ${i + 1}: ${JSON.stringify(body)}`);
      seconds.push((Date.now() - started) / 1000);
      heap.push(heapAfterGc());
      assert.deepEqual(await documentFiles(documents.dir), ['soak.pdf'], `export ${i + 1} left a part file`);
      const browserNow = exportBrowserPids(process.pid).sort((a, b) => a - b);
      browser ??= browserNow;
      assert.ok(browser.length > 0 && browserNow.includes(browser[0]!), `export ${i + 1} ran in the warm browser`);
      assert.ok(browserNow.length <= browser.length + 2, `export ${i + 1} left Chromium processes: ${browserNow.length}`);
      assert.equal(scratchDirs(process.pid).length, 1, `export ${i + 1} left a scratch directory beside the browser profile`);
    }
    await exporter.close();
    assert.deepEqual(exportBrowserPids(process.pid), [], 'the browser went with the exporter');
    assert.deepEqual(scratchDirs(process.pid), [], 'and its profile');
    const growth = (heap.at(-1)! - heap[WARM_UP - 1]!) / (EXPORTS - WARM_UP);
    const sorted = [...seconds].sort((a, b) => a - b);
    console.log(
      `soak: ${EXPORTS} exports, median ${sorted[Math.floor(EXPORTS / 2)]!.toFixed(1)} s each; ` +
        `heap after each ${heap.map((bytes) => (bytes / 1048576).toFixed(1)).join(', ')} MB; ` +
        `growth ${(growth / 1024).toFixed(0)} KB per export`,
    );
    assert.ok(growth <= MAX_GROWTH_PER_EXPORT, `heap grew ${(growth / 1048576).toFixed(2)} MB per export`);
    assert.deepEqual(rejections, [], 'no unhandled rejection');
  });
});
