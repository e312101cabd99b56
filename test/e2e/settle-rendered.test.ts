import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {settlePage} from '../../server/export/native/capture/page/route';
import {settleRendered} from '../../server/export/native/capture/settle-rendered';
import {PageRequests} from '../../server/export/native/shared/page-requests';
import {blankPageForSuite} from '../helpers/suite-page';

/**
 * A page drawn as Swagger UI draws a reference: its code loads as a chunk, then fetches a spec,
 * then draws from it in a later task. The server answers the chunk and the spec late, and a long
 * poll never.
 */
const PAGE = `<!doctype html><html><body><p id="state">Loading the reference…</p><script>
  const script = document.createElement('script');
  script.src = '/reference-chunk.js';
  document.head.append(script);
</script></body></html>`;
const CHUNK = `fetch('/spec.json').then((response) => response.json()).then((spec) => setTimeout(() => {
  document.getElementById('state').textContent = spec.paths.join(', ');
}, 30));
fetch('/poll');`;
const LATE_MS = 300;

describe('waiting until a page that fetches what it draws has drawn it', {timeout: 60_000}, () => {
  let page: Page;
  blankPageForSuite((opened) => (page = opened));
  let server: Server;
  let origin = '';
  before(async () => {
    server = createServer((request, response) => {
      if (request.url === '/poll') return; // a long poll: never answered
      const [type, body] =
        request.url === '/reference-chunk.js'
          ? ['text/javascript', CHUNK]
          : request.url === '/spec.json'
            ? ['application/json', JSON.stringify({paths: ['GET /jobs/:id', 'POST /jobs/:id/retry']})]
            : ['text/html', PAGE];
      setTimeout(() => response.writeHead(200, {'content-type': `${type}; charset=utf-8`}).end(body), request.url === '/' ? 0 : LATE_MS);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  async function settled(longestMs: number, timeoutMs: number) {
    const requests = new PageRequests(page, longestMs);
    try {
      await page.goto(`${origin}/`, {waitUntil: 'domcontentloaded'});
      const started = Date.now();
      const warnings = await settleRendered(page, requests, 0, timeoutMs);
      const state = await page.$eval('#state', (element) => element.textContent);
      return {warnings, state, ms: Date.now() - started};
    } finally {
      requests.stop();
    }
  }

  it('waits for the chunk, the data it fetches and the drawing after it, not for a request that stays open', async () => {
    const {warnings, state, ms} = await settled(1_500, 20_000);
    assert.equal(state, 'GET /jobs/:id, POST /jobs/:id/retry');
    assert.deepEqual(warnings, []);
    assert.ok(ms < 10_000, `settled after ${ms} ms: the long poll held it`);
  });

  it('is needed: a spell without DOM changes alone ends while the page waits on the network', async () => {
    await page.goto(`${origin}/`, {waitUntil: 'domcontentloaded'});
    await page.evaluate(settlePage, {mermaidDiagrams: 0, quietMs: 16, timeoutMs: 20_000});
    assert.equal(await page.$eval('#state', (element) => element.textContent), 'Loading the reference…');
  });

  it('says at the deadline that what the page was fetching may be missing', async () => {
    const {warnings, state} = await settled(10_000, LATE_MS / 2);
    assert.equal(state, 'Loading the reference…');
    assert.deepEqual(warnings, ['1 request(s) the page made had not ended at its deadline: what they bring may be missing']);
  });
});
