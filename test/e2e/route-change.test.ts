import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {showRoute} from '../../server/export/native/capture/page/route';
import {loadSiteAt} from '../../server/export/native/capture/site-tab';
import {blankPageForSuite} from '../helpers/suite-page';

const TIMEOUT_MS = 20_000;

/**
 * A site as the capture tab sees it: the plugin's route signal, and a router that loads a chunk of
 * the route on popstate, then renders it. The chunk's script is what `chunk` answers.
 */
const SITE = `<!doctype html><html><body><script>
  window.__docusaurusExportPdf = {path: location.pathname, renders: 1};
  addEventListener('popstate', () => {
    const script = document.createElement('script');
    script.src = '/chunk.js?route=' + encodeURIComponent(location.pathname);
    document.head.append(script);
  });
</script></body></html>`;
/** A page whose main script the server cannot give: a proxy in front of a dev server that died. */
const BROKEN = '<!doctype html><html><body><script src="/main.js"></script></body></html>';
const CHUNK = 'window.__docusaurusExportPdf = {path: location.pathname, renders: window.__docusaurusExportPdf.renders + 1};';

// showRoute (capture/page/route.ts) moves a capture tab between docs with the site's router.
describe('moving a capture tab to a route with the site router', {timeout: 120_000}, () => {
  let page: Page;
  blankPageForSuite((opened) => (page = opened));
  let chunk: 'ok' | 'missing' = 'ok';
  let server: Server;
  let origin = '';
  before(async () => {
    server = createServer((request, response) => {
      if (request.url?.startsWith('/chunk.js') && chunk === 'missing') return void response.writeHead(404).end();
      if (request.url === '/main.js') return void response.writeHead(504).end();
      if (request.url === '/broken') return void response.writeHead(200, {'content-type': 'text/html'}).end(BROKEN);
      const isChunk = request.url?.startsWith('/chunk.js');
      response.writeHead(200, {'content-type': isChunk ? 'text/javascript' : 'text/html'}).end(isChunk ? CHUNK : SITE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  async function timedShow(path: string): Promise<{shown: boolean; seconds: number}> {
    const started = Date.now();
    const shown = await page.evaluate(showRoute, path, TIMEOUT_MS);
    return {shown, seconds: (Date.now() - started) / 1000};
  }

  it('says the route is shown once it has rendered, and where it is', async () => {
    await page.goto(`${origin}/docs/intro`);
    assert.equal((await timedShow('/docs/intro/')).shown, true, 'already there');
    assert.equal((await timedShow('/docs/guides/setup')).shown, true);
    assert.equal(await page.evaluate(() => window.__docusaurusExportPdf?.path), '/docs/guides/setup');
  });

  it('gives up at once when a chunk of the site fails to load, rather than at the deadline', async () => {
    await page.goto(`${origin}/docs/intro`);
    chunk = 'missing';
    const {shown, seconds} = await timedShow('/docs/guides/setup');
    chunk = 'ok';
    assert.equal(shown, false);
    assert.ok(seconds < 5, `gave up after ${seconds} s`);
  });

  it('loads the site at a route, and fails at once when the site cannot serve the page’s scripts', async () => {
    await loadSiteAt(page, `${origin}/docs/intro`, TIMEOUT_MS);
    assert.equal(await page.evaluate(() => window.__docusaurusExportPdf?.path), '/docs/intro');
    const started = Date.now();
    await assert.rejects(loadSiteAt(page, `${origin}/broken`, TIMEOUT_MS), /main\.js answered HTTP 504/);
    assert.ok(Date.now() - started < 5000, `failed after ${Date.now() - started} ms`);
  });

  it('gives up at once when the site has gone down', async () => {
    await page.goto(`${origin}/docs/intro`);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const {shown, seconds} = await timedShow('/docs/guides/setup');
    assert.equal(shown, false);
    assert.ok(seconds < 5, `gave up after ${seconds} s`);
  });
});
