import assert from 'node:assert/strict';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {descendantsOf} from '../../server/export/process-tree';
import {assertEveryDocInSidebarOrder} from '../helpers/example-docs';
import {TINY_PDF} from '../helpers/fixtures';
import {isRunning, processesMatching} from '../helpers/processes';
import {spawn} from 'node:child_process';
import {EXAMPLE_SITE, REPO_ROOT, startServerEntry, type RunningEntry} from '../helpers/server-process';
import {servicesButBrowser} from '../helpers/wait-healthy';

describe('server entry in start mode (Docusaurus dev server)', {timeout: 300_000}, () => {
  let server: RunningEntry;

  before(async () => {
    server = await startServerEntry('start', {readyTimeoutMs: 180_000});
  });
  after(async () => {
    await server?.stop();
  });

  it('serves the dev site through the site port', {timeout: 180_000}, async () => {
    let status = 0;
    let body = '';
    const deadline = Date.now() + 170_000;
    // Until webpack's first compile ends, the dev server answers with a placeholder page.
    const isDocsPage = () => status === 200 && body.includes('name="generator" content="Docusaurus');
    while (!isDocsPage() && Date.now() < deadline) {
      const response = await fetch(`${server.siteUrl}/docs/intro`).catch(() => undefined);
      status = response?.status ?? 0;
      body = (await response?.text()) ?? '';
      if (!isDocsPage()) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    assert.equal(status, 200);
    assert.match(body, /<meta name="generator" content="Docusaurus/);
  });

  it('reports both services as running', async () => {
    const response = await fetch(`${server.apiUrl}/health`);
    assert.equal(response.status, 200);
    assert.deepEqual(servicesButBrowser((await response.json()).services), {
      api: 'running',
      site: 'running',
      fonts: 'complete',
      store: 'running',
    });
  });

  it('serves PDFs of the documents directory at the site root', async () => {
    await writeFile(path.join(server.documentsDir, 'dev mode.pdf'), TINY_PDF);
    const response = await fetch(`${server.siteUrl}/dev%20mode.pdf`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), TINY_PDF);
  });

  it('exports the live dev site with the native engine: every doc, in sidebar order', {timeout: 180_000}, async () => {
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=dev-book`, {signal: AbortSignal.timeout(170_000)});
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    await assertEveryDocInSidebarOrder(body.pdfPath);
    assert.match(server.output(), /engine native/);
  });

  it('tells the button the live API port', async () => {
    const response = await fetch(`${server.siteUrl}/__export-pdf/api.json`);
    assert.deepEqual(await response.json(), {apiPort: Number(new URL(server.apiUrl).port)});
  });

  it('stops the dev server with itself on SIGTERM', async () => {
    const children = descendantsOf(server.child.pid!);
    assert.ok(children.length > 0, 'the dev server runs below the server entry');
    assert.equal(await server.stop(), 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const pid of children) {
      assert.equal(isRunning(pid), false, `process ${pid} is gone`);
    }
  });
});

describe('site down: the dev server dies under the server entry', {timeout: 300_000}, () => {
  let server: RunningEntry;

  before(async () => {
    server = await startServerEntry('start', {readyTimeoutMs: 180_000});
    for (const pid of descendantsOf(server.child.pid!)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch (error) {
        // A short-lived process (a helper of the warm Chromium) may have ended between the listing and the kill.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  after(async () => {
    assert.equal(await server?.stop(), 0);
  });

  it('answers /health 503 degraded within 3 s', async () => {
    const started = Date.now();
    const response = await fetch(`${server.apiUrl}/health`);
    const seconds = (Date.now() - started) / 1000;
    assert.equal(response.status, 503);
    const body = await response.json();
    assert.equal(body.status, 'degraded');
    assert.deepEqual(servicesButBrowser(body.services), {api: 'running', site: 'stopped', fonts: 'complete', store: 'running'});
    assert.ok(seconds < 3, `answered after ${seconds} s`);
  });

  it('fails an export at once with the documented error text instead of waiting for the deadline', async () => {
    const started = Date.now();
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=site-down`);
    const seconds = (Date.now() - started) / 1000;
    const body = await response.json();
    console.log(`export with the site down answered after ${seconds.toFixed(2)} s: ${body.detail}`);
    assert.equal(response.status, 500);
    assert.equal(body.error, 'PDF file was not created');
    assert.match(body.detail, /not running/);
    assert.ok(seconds < 3, `answered after ${seconds} s`);
  });
});

describe('start mode with a bad environment', {timeout: 240_000}, () => {
  it('exits non-zero, names the problem and leaves no dev server behind', async () => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'lib', 'server', 'cli.js'), 'start', EXAMPLE_SITE], {
      env: {...process.env, API_PORT: 'abc'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 1);
    assert.match(output, /API_PORT must be a whole number from 1 to 65535, got "abc"/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(processesMatching(`docusaurus.mjs start ${EXAMPLE_SITE}`), []);
  });
});
