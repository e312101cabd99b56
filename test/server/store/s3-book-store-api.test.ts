import assert from 'node:assert/strict';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, afterEach, before, beforeEach, describe, it} from 'node:test';
import request from 'supertest';
import {ERROR_TEXTS} from '../../../contracts/errors';
import {createApp} from '../../../server/app';
import type {Exporter} from '../../../server/export/exporter';
import {S3BookStore} from '../../../server/store/s3-book-store';
import {TINY_PDF, tempDir} from '../../helpers/fixtures';
import {startS3Server, type S3Server} from '../../helpers/s3-server';
import {ScriptedEngine, exporterWith} from '../../helpers/scripted-engine';

describe('the API with books in a bucket of S3-compatible storage (s3rver)', () => {
  let s3: S3Server;
  let root: Awaited<ReturnType<typeof tempDir>>;
  let store: S3BookStore;
  let engine: ScriptedEngine;
  let exporter: Exporter;

  before(async () => {
    s3 = await startS3Server();
    root = await tempDir('export-pdf-s3-api');
    store = new S3BookStore({
      location: {bucket: s3.bucket, prefix: 'api/'},
      downloads: 'stream',
      exportTimeoutMs: 60_000,
      client: s3.clientConfig(),
    });
  });
  beforeEach(() => {
    engine = new ScriptedEngine();
    exporter = exporterWith(engine, {store, workRoot: path.join(root.dir, 'work')});
  });
  afterEach(async () => {
    await exporter.close();
    await s3.start();
    await s3.clear();
  });
  after(async () => {
    await s3?.remove();
    await root?.remove();
  });

  const app = () => createApp({nodeEnv: 'production'}, {exporter, siteProbe: async () => true, store});

  it('exports into the bucket and lists the book with its record', async () => {
    const exported = await request(app()).get('/export-pdf?fileName=handbook').expect(200);
    assert.equal(exported.body.pdfPath, `s3://${s3.bucket}/api/handbook.pdf`);
    assert.equal(exported.body.pdfUrl, 'handbook.pdf');
    assert.equal(exported.body.fileSize, TINY_PDF.length);
    assert.deepEqual(await s3.keys(), ['api/handbook.pdf']);
    const listed = await request(app()).get('/pdf-files').expect(200);
    assert.equal(listed.body.count, 1);
    assert.equal(listed.body.files[0].name, 'handbook.pdf');
    assert.deepEqual(listed.body.files[0].book, {docsPluginId: 'default', version: 'current', locale: 'en'});
    const health = await request(app()).get('/health').expect(200);
    assert.equal(health.body.services.store, 'running');
  });

  it('answers /health 503 degraded and /pdf-files 503 with the error JSON while the bucket is unreachable', async () => {
    await s3.stop();
    const health = await request(app()).get('/health').expect(503);
    assert.equal(health.body.status, 'degraded');
    assert.deepEqual(health.body.services, {api: 'running', site: 'running', store: 'unreachable'});
    const listed = await request(app()).get('/pdf-files').expect(503).expect('Content-Type', /json/);
    assert.equal(listed.body.success, false);
    assert.equal(listed.body.error, ERROR_TEXTS.storeUnavailable);
    assert.match(listed.body.detail, /^s3:\/\/books\/api\/: .*ECONNREFUSED/);
  });

  it('fails an export at once with 503 when the bucket is unreachable before it runs', async () => {
    await s3.stop();
    const response = await request(app()).get('/export-pdf?fileName=early').expect(503);
    assert.equal(response.body.error, ERROR_TEXTS.storeUnavailable);
    assert.equal(engine.jobs.length, 0, 'the engine never ran');
  });

  it('answers 503 with the error JSON when the bucket goes away during the export, and keeps nothing of it', async () => {
    engine.behaviour = async (job) => {
      await writeFile(job.outputFile, TINY_PDF);
      await s3.stop();
    };
    const response = await request(app()).get('/export-pdf?fileName=handbook').expect(503).expect('Content-Type', /json/);
    assert.deepEqual(Object.keys(response.body).sort(), ['detail', 'error', 'success']);
    assert.equal(response.body.error, ERROR_TEXTS.storeUnavailable);
    assert.match(response.body.detail, /ECONNREFUSED/);
    await s3.start();
    assert.deepEqual(await s3.keys(), []);
    assert.deepEqual((await request(app()).get('/pdf-files').expect(200)).body, {count: 0, files: []});
    const status = await request(app()).get('/export-status').expect(200);
    assert.equal(status.body.exports[0].state, 'failed');
    assert.equal(status.body.exports[0].error, ERROR_TEXTS.storeUnavailable);
  });
});
