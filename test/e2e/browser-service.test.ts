import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import type {HealthReport} from '../../contracts/api';
import {findChromium, sandboxArgs} from '../../server/chromium';
import {killTree} from '../../server/export/process-tree';
import {tempDir} from '../helpers/fixtures';
import {commandLine, descendantPids} from '../helpers/process-tree';
import {startServerEntry, type RunningEntry} from '../helpers/server-process';

const EXPORT_TIMEOUT = 180_000;

/** A Chromium of its own, as a browser container would run it: DevTools on a free port. */
type BrowserService = {wsEndpoint: string; httpUrl: string; process: ChildProcess; stop: () => Promise<void>};

async function startBrowserService(): Promise<BrowserService> {
  const profile = await tempDir('export-pdf-browser-service');
  const child = spawn(findChromium(), [...sandboxArgs(), '--headless', '--remote-debugging-port=0', `--user-data-dir=${profile.dir}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const wsEndpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools URL:\n${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  return {
    wsEndpoint,
    httpUrl: `http://${new URL(wsEndpoint).host}`,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) killTree(child.pid!, 'SIGKILL');
      await exited;
      await profile.remove();
    },
  };
}

/** The tabs open in the service's Chromium (its own blank one included), as its DevTools HTTP endpoint lists them. */
async function openTabs(service: BrowserService): Promise<number> {
  const targets = (await (await fetch(`${service.httpUrl}/json/list`)).json()) as Array<{type: string}>;
  return targets.filter((target) => target.type === 'page').length;
}

async function health(server: RunningEntry): Promise<HealthReport> {
  return (await (await fetch(`${server.apiUrl}/health`)).json()) as HealthReport;
}

async function browserState(server: RunningEntry, wanted: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while ((await health(server)).services.browser !== wanted) {
    assert.ok(Date.now() < deadline, `services.browser never became ${wanted}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the start-up trial has ended, whichever way it went. */
async function browserSettled(server: RunningEntry): Promise<void> {
  const deadline = Date.now() + 90_000;
  while ((await health(server)).services.browser === 'starting') {
    assert.ok(Date.now() < deadline, `services.browser stayed starting:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('BROWSER_WS_ENDPOINT: exports in a browser service instead of a Chromium of their own', {timeout: 600_000}, () => {
  let service: BrowserService;
  const servers: RunningEntry[] = [];
  const start = async (env: NodeJS.ProcessEnv) => {
    const server = await startServerEntry('serve', {
      env: {BROWSER_WS_ENDPOINT: service.wsEndpoint, SHUTDOWN_GRACE_MS: '0', EXPORT_TRIAL: 'true', ...env},
    });
    servers.push(server);
    return server;
  };

  before(async () => {
    service = await startBrowserService();
  });
  after(async () => {
    for (const server of servers) await server.stop();
    await service?.stop();
  });

  it('exports a whole book through the service, launches no Chromium, and leaves no tab behind', {timeout: EXPORT_TIMEOUT}, async () => {
    const tabsBefore = await openTabs(service);
    const server = await start({});
    await browserState(server, 'running');
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=remote`, {signal: AbortSignal.timeout(EXPORT_TIMEOUT)});
    const body = await response.text();
    assert.equal(response.status, 200, body + server.output().slice(-3000));
    const pdf = await readFile(path.join(server.documentsDir, 'remote.pdf'));
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(pdf.subarray(-1024).toString('latin1'), /%%EOF/);
    assert.match(server.output(), /connected to the browser service at ws:\/\//);
    assert.doesNotMatch(server.output(), /Chromium started in/);
    const chromiums = descendantPids(server.child.pid!).filter((pid) => /chrom/i.test(commandLine(pid)));
    assert.deepEqual(chromiums, [], 'no Chromium below the server');
    assert.equal(await openTabs(service), tabsBefore, "the export's tabs are closed in the service");
  });

  it("ends the export's tabs in the service at the deadline and leaves the service running", {timeout: EXPORT_TIMEOUT}, async () => {
    const tabsBefore = await openTabs(service);
    // The lowest deadline the settings allow, which the example site's export cannot meet (2.5 s let
    // one through on a fast machine). The start-up trial fails under it too, so the browser ends
    // `stopped` rather than `running`; the export waits for that either way.
    const server = await start({EXPORT_TIMEOUT_MS: '1000'});
    await browserSettled(server);
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=late`, {signal: AbortSignal.timeout(EXPORT_TIMEOUT)});
    const body = JSON.stringify(await response.json());
    assert.notEqual(response.status, 200, body);
    assert.match(body, /did not finish within 1 s and was stopped/);
    const deadline = Date.now() + 10_000;
    while ((await openTabs(service)) > tabsBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(await openTabs(service), tabsBefore, 'no tab of the stopped export is left printing');
    assert.equal(service.process.exitCode, null, "the service's Chromium still runs");
    assert.equal((await health(server)).services.browser, 'stopped', 'the context is gone until the next export');
  });

  it('says the service is gone when it is, in /health and in the export error', {timeout: EXPORT_TIMEOUT}, async () => {
    const server = await start({});
    await browserState(server, 'running');
    await service.stop();
    await browserState(server, 'stopped');
    assert.equal((await health(server)).status, 'ok', 'the site still answers');
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=gone`, {signal: AbortSignal.timeout(EXPORT_TIMEOUT)});
    const body = (await response.json()) as {error?: string; details?: string};
    assert.equal(response.status, 500, JSON.stringify(body));
    assert.match(JSON.stringify(body), /BROWSER_WS_ENDPOINT/, 'the error names the setting');
  });
});
