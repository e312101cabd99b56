import assert from 'node:assert/strict';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {mkdir, readdir} from 'node:fs/promises';
import path from 'node:path';
import {after, afterEach, before, beforeEach, describe, it} from 'node:test';
import request from 'supertest';
import {createApp, type AppConfig} from '../../server/app';
import type {Exporter} from '../../server/export/exporter';
import {LocalBookStore} from '../../server/store/local-book-store';
import {tempDir} from '../helpers/fixtures';
import {ScriptedEngine, exporterWith} from '../helpers/scripted-engine';

const TOKEN = 'correct-horse-battery-staple';

describe('API protection', () => {
  let root: Awaited<ReturnType<typeof tempDir>>;
  let documentsDir: string;
  let engine: ScriptedEngine;
  let exporter: Exporter;

  before(async () => {
    root = await tempDir('export-pdf-protection');
  });
  after(async () => root.remove());
  beforeEach(async () => {
    documentsDir = path.join(root.dir, Math.random().toString(36).slice(2));
    await mkdir(documentsDir);
    engine = new ScriptedEngine();
    exporter = exporterWith(engine, {documentsDir, workRoot: path.join(root.dir, 'work')});
  });
  afterEach(async () => exporter.close());

  const app = (extra: Partial<AppConfig> = {}) =>
    createApp({nodeEnv: 'production', ...extra}, {exporter, siteProbe: async () => true, store: new LocalBookStore(documentsDir)});

  describe('security headers', () => {
    it('sends helmet headers that keep CORS fetch working', async () => {
      const response = await request(app()).get('/health').set('Origin', 'https://docs.example.org').expect(200);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN');
      assert.ok(response.headers['content-security-policy']);
      assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin');
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.equal(response.headers['x-powered-by'], undefined);
    });

    it('answers a malformed URL with a JSON 400', async () => {
      const response = await request(app()).get('/%E0%A4%A').expect(400).expect('Content-Type', /json/);
      assert.equal(response.body.success, false);
      assert.match(response.body.error, /Malformed URL/);
    });
  });

  describe('with API_TOKEN set', () => {
    const guarded = () => app({apiToken: TOKEN});

    it('keeps /health open', async () => {
      await request(guarded()).get('/health').expect(200);
    });

    for (const route of ['/export-pdf', '/pdf-files']) {
      it(`answers ${route} without a token with 401 and WWW-Authenticate`, async () => {
        const response = await request(guarded()).get(route).expect(401);
        assert.equal(response.body.success, false);
        assert.equal(response.body.error, 'Authentication required');
        assert.equal(response.headers['www-authenticate'], 'Bearer realm="docusaurus-export-pdf"');
        assert.equal(engine.jobs.length, 0);
      });
    }

    it('refuses a wrong token, of any length', async () => {
      for (const guess of ['x', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase()]) {
        const response = await request(guarded()).get('/pdf-files').set('Authorization', `Bearer ${guess}`).expect(401);
        assert.equal(response.body.error, 'Invalid API token');
        assert.match(response.headers['www-authenticate']!, /error="invalid_token"/);
      }
      await request(guarded()).get('/pdf-files').set('Authorization', `Basic ${TOKEN}`).expect(401);
    });

    it('never takes the token from the query string', async () => {
      const response = await request(guarded()).get(`/export-pdf?token=${TOKEN}`).expect(400);
      assert.match(response.body.error, /Authorization header/);
      await request(guarded()).get(`/pdf-files?access_token=${TOKEN}`).expect(400);
      assert.equal(engine.jobs.length, 0);
    });

    it('accepts the right bearer token', async () => {
      await request(guarded()).get('/pdf-files').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      const response = await request(guarded()).get('/export-pdf?fileName=secured').set('Authorization', `bearer ${TOKEN}`).expect(200);
      assert.equal(response.body.fileName, 'secured.pdf');
    });

    it('lets a CORS preflight ask for the Authorization header', async () => {
      const response = await request(guarded())
        .options('/export-pdf')
        .set('Origin', 'https://docs.example.org')
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization')
        .expect(204);
      assert.match(response.headers['access-control-allow-headers']!, /authorization/i);
      assert.equal(response.headers['access-control-allow-origin'], '*');
    });
  });

  describe('with EXPORT_RATE_LIMIT set', () => {
    it('answers 429 past the limit with RateLimit headers, per client', async () => {
      const limited = app({rateLimit: 2, rateWindowMs: 60_000});
      await request(limited).get('/export-pdf?fileName=r1').expect(200);
      const second = await request(limited).get('/export-pdf?fileName=r2').expect(200);
      assert.match(second.headers['ratelimit-policy']!, /q=2; w=60/);
      const refused = await request(limited).get('/export-pdf?fileName=r3').expect(429);
      assert.equal(refused.body.success, false);
      assert.match(refused.body.error, /Too many exports/);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.match(refused.headers.ratelimit!, /r=0/);
      assert.equal(engine.jobs.length, 2);
      await request(limited).get('/pdf-files').expect(200);
    });
  });

  describe('a client that disconnects', () => {
    it('does not cancel its export, and the queue goes on', async () => {
      const release = engine.hold();
      const server = http.createServer(app()).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const {port} = server.address() as AddressInfo;
      try {
        const abandoned = http.get(`http://127.0.0.1:${port}/export-pdf?fileName=abandoned`);
        abandoned.on('error', () => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
        abandoned.destroy();
        await new Promise((resolve) => setTimeout(resolve, 100));
        release();
        const next = await fetch(`http://127.0.0.1:${port}/export-pdf?fileName=next`);
        assert.equal(next.status, 200);
        assert.deepEqual((await readdir(documentsDir)).filter((name) => !name.endsWith('.book.json')).sort(), [
          'abandoned.pdf',
          'next.pdf',
        ]);
      } finally {
        server.close();
      }
    });
  });
});
