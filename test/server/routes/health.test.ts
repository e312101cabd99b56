import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import request from 'supertest';
import type {StoreState} from '../../../contracts/api';
import {createApp} from '../../../server/app';
import type {FontReport} from '../../../server/fonts';
import {LocalBookStore} from '../../../server/store/local-book-store';
import {EMPTY_STORE} from '../../helpers/fixtures';

describe('GET /health', () => {
  const exporter = {export: async () => assert.fail('no export')};
  const app = (siteUp: boolean, fonts?: FontReport, store: StoreState = 'running') =>
    createApp({nodeEnv: 'production'}, {exporter, siteProbe: async () => siteUp, fonts, store: {...EMPTY_STORE, check: async () => store}});

  it('reports ok with every field when the site and the book store answer', async () => {
    const response = await request(app(true)).get('/health').expect(200).expect('Content-Type', /json/);
    assert.equal(response.body.status, 'ok');
    assert.deepEqual(response.body.services, {api: 'running', site: 'running', store: 'running'});
    assert.ok(!Number.isNaN(Date.parse(response.body.timestamp)));
    assert.equal(new Date(response.body.timestamp).toISOString(), response.body.timestamp);
  });

  it('answers 503 degraded when the site is down', async () => {
    const response = await request(app(false)).get('/health').expect(503);
    assert.equal(response.body.status, 'degraded');
    assert.deepEqual(response.body.services, {api: 'running', site: 'stopped', store: 'running'});
  });

  it('answers 503 degraded when the book store is unreachable', async () => {
    const response = await request(app(true, undefined, 'unreachable'))
      .get('/health')
      .expect(503);
    assert.equal(response.body.status, 'degraded');
    assert.deepEqual(response.body.services, {api: 'running', site: 'running', store: 'unreachable'});
  });

  it('says the documents directory is unreachable when it is gone', async () => {
    const gone = createApp({nodeEnv: 'production'}, {exporter, siteProbe: async () => true, store: new LocalBookStore('/nonexistent')});
    assert.equal((await request(gone).get('/health').expect(503)).body.services.store, 'unreachable');
  });

  it('answers HEAD', async () => {
    await request(app(true)).head('/health').expect(200);
  });

  it('reports missing fonts in services.fonts and detail, and stays ok', async () => {
    const fonts: FontReport = {state: 'incomplete', missing: ['emoji'], detail: 'No font for emoji: …'};
    const response = await request(app(true, fonts)).get('/health').expect(200);
    assert.equal(response.body.status, 'ok');
    assert.deepEqual(response.body.services, {api: 'running', site: 'running', fonts: 'incomplete', store: 'running'});
    assert.equal(response.body.detail, 'No font for emoji: …');
  });

  it("reports the engine's browser in services.browser, and stays ok while it starts or after it stopped", async () => {
    for (const state of ['starting', 'running', 'stopped'] as const) {
      const withBrowser = createApp(
        {nodeEnv: 'production'},
        {exporter: {...exporter, browserState: () => state}, siteProbe: async () => true, store: EMPTY_STORE},
      );
      const response = await request(withBrowser).get('/health').expect(200);
      assert.equal(response.body.status, 'ok');
      assert.deepEqual(response.body.services, {api: 'running', site: 'running', browser: state, store: 'running'});
    }
    const noBrowser = createApp(
      {nodeEnv: 'production'},
      {exporter: {...exporter, browserState: () => undefined}, siteProbe: async () => true, store: EMPTY_STORE},
    );
    assert.deepEqual((await request(noBrowser).get('/health').expect(200)).body.services, {
      api: 'running',
      site: 'running',
      store: 'running',
    });
  });
});
