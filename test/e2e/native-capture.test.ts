import assert from 'node:assert/strict';
import {mkdir} from 'node:fs/promises';
import type {Server} from 'node:http';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {resolveExportTarget} from '../../server/export/export-target';
import {NativeEngine} from '../../server/export/native/native-engine';
import {closeServer, freePort, listen} from '../../server/listen';
import {readManifest} from '../../server/manifest';
import {createStaticSiteApp} from '../../server/site/static-site';
import {SIDEBAR_DOC_IDS, marker} from '../helpers/example-docs';
import {tempDir} from '../helpers/fixtures';
import {collapse, pageTexts} from '../helpers/pdf-structure';
import {WORK_ROOT} from '../helpers/processes';
import {EXAMPLE_SITE} from '../helpers/server-process';

// The engine itself, in this process, on the built example site: with three
// tabs replaced every two pages, tabs race for the last chapters many times over.
describe('native engine capture with tabs replaced every few pages', {timeout: 180_000}, () => {
  let site: Server;
  let origin: string;
  let scratch: Awaited<ReturnType<typeof tempDir>>;
  const lines: string[] = [];
  const engine = new NativeEngine({workRoot: WORK_ROOT, log: (line) => lines.push(line), tabs: 3, pagesPerTab: 2});

  before(async () => {
    scratch = await tempDir('export-pdf-capture');
    await mkdir(WORK_ROOT, {recursive: true});
    const manifest = await readManifest(EXAMPLE_SITE);
    const port = await freePort();
    site = await listen(createStaticSiteApp(manifest, {documentsDir: scratch.dir, apiPort: 1}), port, '127.0.0.1', 'site');
    origin = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    await engine.close();
    site.closeAllConnections();
    await closeServer(site);
    await scratch.remove();
  });

  it('captures every doc once, in sidebar order, whichever tab takes it', async () => {
    const manifest = await readManifest(EXAMPLE_SITE);
    const target = resolveExportTarget(new Map([[manifest.locale.current, manifest]]));
    const outputFile = path.join(scratch.dir, 'book.pdf');
    await engine.run({
      manifest,
      startPath: target.startPath,
      outlineVersion: target.outlineVersion,
      siteOrigin: origin,
      outputFile,
      workDir: scratch.dir,
      timeoutMs: 150_000,
      log: (line) => lines.push(line),
    });
    const text = collapse((await pageTexts(outputFile)).join(' ')).replace(/- /g, '-');
    const positions = SIDEBAR_DOC_IDS.map((id) => text.indexOf(marker(id)));
    assert.ok(positions.every((at) => at >= 0), `every doc present: ${positions.join()}`);
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b), 'in sidebar order');
    for (const id of SIDEBAR_DOC_IDS) {
      assert.equal(text.split(marker(id)).length - 1, 1, `${marker(id)} once`);
    }
    assert.deepEqual(lines.filter((line) => /page error|did not render|not loaded/.test(line)), []);
  });
});
