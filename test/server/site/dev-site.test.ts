import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, it} from 'node:test';
import {createDevSiteApp} from '../../../server/site/dev-site';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe('the dev site proxy', () => {
  let devServer: Server;
  let site: Server;
  let siteOrigin = '';
  before(async () => {
    // A dev server that serves /docs/intro whole and dies halfway through /docs/dying.
    devServer = createServer((request, response) => {
      response.writeHead(200, {'content-type': 'text/html'});
      if (request.url === '/docs/intro') return void response.end('<h1>intro</h1>');
      response.write('<html><body><p>half of a page');
      setTimeout(() => request.socket.destroy(), 100);
    });
    const devServerOrigin = await listen(devServer);
    const {app} = createDevSiteApp({devServerOrigin, baseUrl: () => '/', store: {serve: async () => false}, apiPort: 4321});
    site = createServer(app);
    siteOrigin = await listen(site);
  });
  after(() => {
    for (const server of [devServer, site]) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('passes the dev server’s pages through', async () => {
    const response = await fetch(`${siteOrigin}/docs/intro`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), '<h1>intro</h1>');
  });

  it('ends the answer when the dev server dies halfway through it, rather than leave it open', async () => {
    const started = Date.now();
    const response = await fetch(`${siteOrigin}/docs/dying`, {signal: AbortSignal.timeout(10_000)});
    const body = await response.text().catch((error: Error) => `failed: ${error.message}`);
    assert.ok(Date.now() - started < 5000, `ended after ${Date.now() - started} ms`);
    assert.doesNotMatch(body, /<\/html>/);
  });
});
