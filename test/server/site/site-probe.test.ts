import assert from 'node:assert/strict';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, it} from 'node:test';
import request from 'supertest';
import {createApp} from '../../../server/app';
import {askAgain, httpSiteProbe} from '../../../server/site/site-probe';
import {EMPTY_STORE} from '../../helpers/fixtures';

function listen(handler: http.RequestListener): Promise<{url: string; server: http.Server}> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server})),
  );
}

describe('httpSiteProbe', () => {
  let hanging: {url: string; server: http.Server};
  let failing: {url: string; server: http.Server};
  let up: {url: string; server: http.Server};

  before(async () => {
    hanging = await listen(() => undefined); // accepts, never answers
    failing = await listen((_req, res) => res.writeHead(502).end());
    up = await listen((_req, res) => res.writeHead(404).end());
  });
  after(() => {
    for (const {server} of [hanging, failing, up]) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('counts any answer below 500 as running', async () => {
    assert.equal(await httpSiteProbe(up.url)(), true);
  });

  it('counts a 5xx (a proxy in front of a dead dev server) as stopped', async () => {
    assert.equal(await httpSiteProbe(failing.url)(), false);
  });

  it('counts a refused connection as stopped', async () => {
    assert.equal(await httpSiteProbe('http://127.0.0.1:1/')(), false);
  });

  it('gives up on a site that never answers at its deadline', async () => {
    const started = Date.now();
    assert.equal(await httpSiteProbe(hanging.url, 300)(), false);
    assert.ok(Date.now() - started < 2000);
  });

  it('lets /health answer 503 degraded within 3 s when the site hangs, with the default deadline', async () => {
    const app = createApp(
      {nodeEnv: 'production'},
      {exporter: {export: async () => assert.fail('no export')}, siteProbe: httpSiteProbe(hanging.url), store: EMPTY_STORE},
    );
    const started = Date.now();
    const response = await request(app).get('/health').expect(503);
    assert.ok(Date.now() - started < 3000, `answered after ${Date.now() - started} ms`);
    assert.equal(response.body.status, 'degraded');
    assert.equal(response.body.services.site, 'stopped');
  });
});

describe('askAgain', () => {
  it('asks until the site answers, and gives up after the last attempt', async () => {
    let calls = 0;
    assert.equal(await askAgain(async () => ++calls === 2, 3, 10), true);
    assert.equal(calls, 2);
    calls = 0;
    assert.equal(await askAgain(async () => (++calls, false), 3, 10), false);
    assert.equal(calls, 3);
  });
});
