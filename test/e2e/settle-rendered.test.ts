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
/**
 * A page that draws only after 400 ms of work in 5 ms tasks, as React renders a lazy component
 * from its chunk on a busy machine: no DOM change, no request in flight, but not drawn yet.
 */
const BUSY_PAGE = `<!doctype html><html><body><p id="state">Loading the reference…</p><script>
  const channel = new MessageChannel();
  let left = 80;
  channel.port1.onmessage = () => {
    const end = performance.now() + 5;
    while (performance.now() < end);
    if (--left > 0) channel.port2.postMessage(0);
    else document.getElementById('state').textContent = 'drawn';
  };
  channel.port2.postMessage(0);
</script></body></html>`;

/**
 * A lazy component as React shows it: its chunk arrives while the page is still changing (the
 * first spell without DOM changes has not begun), and the component draws from it only later,
 * then fetches its data.
 */
const LAZY_PAGE = `<!doctype html><html><body><p id="state">Loading the reference…</p><p id="ticks"></p><script>
  const ticks = setInterval(() => (document.getElementById('ticks').textContent += '.'), 5);
  setTimeout(() => clearInterval(ticks), ${LATE_MS + 100});
  const script = document.createElement('script');
  script.src = '/lazy-chunk.js';
  document.head.append(script);
</script></body></html>`;
const LAZY_CHUNK = `setTimeout(() => {
  document.getElementById('state').textContent = 'Loading the rows…';
  fetch('/spec.json').then((response) => response.json()).then((spec) => {
    document.getElementById('state').textContent = spec.paths.join(', ');
  });
}, 250);`;

/**
 * A status widget: asks at once and every 50 ms, with a query that defeats caches, and never stops. Each
 * answer takes longer than that (STATUS_MS), as on a busy machine: one request is always in flight.
 */
const STATUS_MS = 120;
const POLLING_PAGE = `<!doctype html><html><body><p id="state">Up</p><script>
  const poll = () => fetch('/status?t=' + Date.now() + Math.random());
  poll();
  setInterval(poll, 50);
</script></body></html>`;

/** A page that draws at once, with a demo frame whose code never comes (a CDN out of reach). */
const FRAMED_PAGE = `<!doctype html><html><body><p id="state">drawn</p><iframe src="/demo"></iframe></body></html>`;
const DEMO = `<!doctype html><html><head><script async src="/never.js"></script></head><body>demo</body></html>`;

describe('waiting until a page that fetches what it draws has drawn it', {timeout: 60_000}, () => {
  let page: Page;
  blankPageForSuite((opened) => (page = opened));
  let server: Server;
  let origin = '';
  before(async () => {
    server = createServer((request, response) => {
      if (request.url === '/poll' || request.url === '/never.js') return; // a long poll, a CDN out of reach: never answered
      const [type, body] =
        request.url === '/reference-chunk.js' || request.url === '/lazy-chunk.js'
          ? ['text/javascript', request.url === '/lazy-chunk.js' ? LAZY_CHUNK : CHUNK]
          : request.url === '/spec.json'
            ? ['application/json', JSON.stringify({paths: ['GET /jobs/:id', 'POST /jobs/:id/retry']})]
            : request.url!.startsWith('/status?')
              ? ['application/json', '{"up": true}']
              : [
                  'text/html',
                  (
                    {'/busy': BUSY_PAGE, '/lazy': LAZY_PAGE, '/polling': POLLING_PAGE, '/framed': FRAMED_PAGE, '/demo': DEMO} as Record<
                      string,
                      string
                    >
                  )[request.url!] ?? PAGE,
                ];
      const late = !['/', '/busy', '/lazy', '/polling', '/framed', '/demo'].includes(request.url!) && !request.url!.startsWith('/status?');
      const delay = late ? LATE_MS : request.url!.startsWith('/status?') ? STATUS_MS : 0;
      setTimeout(() => response.writeHead(200, {'content-type': `${type}; charset=utf-8`}).end(body), delay);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  async function settled(longestMs: number, timeoutMs: number, path = '/') {
    const requests = new PageRequests(page, longestMs);
    try {
      await page.goto(`${origin}${path}`, {waitUntil: 'domcontentloaded'});
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

  it('waits for a chunk that arrived while the page was changing, and for what it draws and fetches later', async () => {
    const {warnings, state} = await settled(1_500, 20_000, '/lazy');
    assert.equal(state, 'GET /jobs/:id, POST /jobs/:id/retry');
    assert.deepEqual(warnings, []);
  });

  it('does not wait for a page that polls an address, whatever the query, though one poll is always in flight', async () => {
    const {warnings, state, ms} = await settled(1_500, 20_000, '/polling');
    assert.equal(state, 'Up');
    assert.deepEqual(warnings, []);
    assert.ok(ms < 5_000, `settled after ${ms} ms: the polling held it`);
  });

  it('is needed: a spell without DOM changes alone ends while the page waits on the network', async () => {
    await page.goto(`${origin}/`, {waitUntil: 'domcontentloaded'});
    await page.evaluate(settlePage, {mermaidDiagrams: 0, quietMs: 16, timeoutMs: 20_000});
    assert.equal(await page.$eval('#state', (element) => element.textContent), 'Loading the reference…');
  });

  it('waits for a page still working in short tasks to draw, though its DOM stays the same meanwhile', async () => {
    const requests = new PageRequests(page);
    try {
      await page.goto(`${origin}/busy`, {waitUntil: 'domcontentloaded'});
      assert.deepEqual(await settleRendered(page, requests, 0, 20_000), []);
      assert.equal(await page.$eval('#state', (element) => element.textContent), 'drawn');
    } finally {
      requests.stop();
    }
  });

  it('does not wait for what a frame of the page fetches, which never prints', async () => {
    const {warnings, state} = await settled(5_000, 3_000, '/framed');
    assert.equal(state, 'drawn');
    assert.deepEqual(warnings, [], 'settled before the deadline, which would say a request had not ended');
  });

  it('says at the deadline that what the page was fetching may be missing', async () => {
    const {warnings, state} = await settled(10_000, LATE_MS / 2);
    assert.equal(state, 'Loading the reference…');
    assert.deepEqual(warnings, ['1 request(s) the page made had not ended at its deadline: what they bring may be missing']);
  });
});
