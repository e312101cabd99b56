import assert from 'node:assert/strict';
import {mkdir, readdir} from 'node:fs/promises';
import type {Server} from 'node:http';
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import {after, before, describe, it} from 'node:test';
import {createApp} from '../../server/app';
import {DocsToPdfEngine} from '../../server/export/docs-to-pdf-engine';
import {Exporter} from '../../server/export/exporter';
import {closeServer, freePort, listen} from '../../server/listen';
import {readManifest} from '../../server/manifest';
import {createStaticSiteApp} from '../../server/site/static-site';
import {httpSiteProbe} from '../../server/site/site-probe';
import {SIDEBAR_DOC_IDS} from '../helpers/example-docs';
import {tempDir} from '../helpers/fixtures';
import {WORK_ROOT, exportBrowserPids, scratchDirs} from '../helpers/processes';
import {EXAMPLE_SITE} from '../helpers/server-process';

const EXPORTS = 20;
const WARM_UP = 3;
const MAX_GROWTH_PER_EXPORT = 2 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

// The whole API, exporter and site server run in this process so that their heap
// can be measured; each export starts at the last doc, so it prints one chapter
// and twenty real exports stay within a few minutes.
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
    const built = await readManifest(EXAMPLE_SITE);
    const lastDoc = SIDEBAR_DOC_IDS.at(-1)!;
    const manifest = {...built, startPath: `${built.baseUrl}docs/${lastDoc}`};
    const [sitePort, apiPort] = [await freePort(), await freePort()];
    const siteOrigin = `http://127.0.0.1:${sitePort}`;
    const siteProbe = httpSiteProbe(siteOrigin + manifest.baseUrl);
    exporter = new Exporter({
      engine: new DocsToPdfEngine(),
      documentsDir: documents.dir,
      siteOrigin,
      siteProbe,
      loadManifests: async () => new Map([[manifest.locale.current, manifest]]),
      timeoutMs: 120_000,
      queueLimit: 1,
      workRoot: WORK_ROOT,
      log: () => undefined,
    });
    servers = [
      await listen(createStaticSiteApp(manifest, {documentsDir: documents.dir, apiPort}), sitePort, '127.0.0.1', 'site'),
      await listen(createApp({documentsDir: documents.dir, nodeEnv: 'production'}, {exporter, siteProbe}), apiPort, '127.0.0.1', 'API'),
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
    for (let i = 0; i < EXPORTS; i += 1) {
      const started = Date.now();
      const response = await fetch(`${apiUrl}/export-pdf?fileName=soak`);
      const body = await response.json();
      assert.equal(response.status, 200, `export ${i + 1}: ${JSON.stringify(body)}`);
      seconds.push((Date.now() - started) / 1000);
      heap.push(heapAfterGc());
      assert.deepEqual(await readdir(documents.dir), ['soak.pdf'], `export ${i + 1} left a part file`);
      assert.deepEqual(exportBrowserPids(process.pid), [], `export ${i + 1} left Chromium running`);
      assert.deepEqual(scratchDirs(process.pid), [], `export ${i + 1} left a scratch directory`);
    }
    const growth = (heap.at(-1)! - heap[WARM_UP - 1]!) / (EXPORTS - WARM_UP);
    const sorted = [...seconds].sort((a, b) => a - b);
    console.log(
      `soak: ${EXPORTS} exports, median ${sorted[Math.floor(EXPORTS / 2)]!.toFixed(1)} s each; ` +
        `heap after warm-up ${(heap[WARM_UP - 1]! / 1048576).toFixed(1)} MB, after the last ${(heap.at(-1)! / 1048576).toFixed(1)} MB, ` +
        `growth ${(growth / 1024).toFixed(0)} KB per export`,
    );
    assert.ok(growth <= MAX_GROWTH_PER_EXPORT, `heap grew ${(growth / 1048576).toFixed(2)} MB per export`);
    assert.deepEqual(rejections, [], 'no unhandled rejection');
  });
});
