import assert from 'node:assert/strict';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, afterEach, before, beforeEach, describe, it} from 'node:test';
import request from 'supertest';
import {createApp} from '../../../server/app';
import type {Exporter} from '../../../server/export/exporter';
import {LocalBookStore} from '../../../server/store/local-book-store';
import type {ExportStatus} from '../../../contracts/api';
import {TINY_PDF, tempDir} from '../../helpers/fixtures';
import {ScriptedEngine, exporterWith} from '../../helpers/scripted-engine';

/** The `status` events of a server-sent event stream, in order. */
function statusEvents(body: string): ExportStatus[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: status\n'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as ExportStatus);
}

describe('export progress: GET /export-status and /export-events', () => {
  let root: Awaited<ReturnType<typeof tempDir>>;
  let engine: ScriptedEngine;
  let exporter: Exporter;
  let release: () => void;

  const app = () =>
    createApp({nodeEnv: 'production'}, {exporter, siteProbe: async () => true, store: new LocalBookStore(path.join(root.dir, 'docs'))});

  before(async () => {
    root = await tempDir('export-status-api');
    await writeFile(path.join(root.dir, 'placeholder'), '');
  });
  after(async () => root.remove());

  beforeEach(async () => {
    const {mkdir} = await import('node:fs/promises');
    await mkdir(path.join(root.dir, 'docs'), {recursive: true});
    engine = new ScriptedEngine();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    release = open;
    // Captures 2 pages, waits for the test, then prints one part.
    engine.behaviour = async (job) => {
      job.onProgress?.({phase: 'capture', done: 1, total: 2, percent: 20});
      job.onProgress?.({phase: 'capture', done: 2, total: 2, percent: 40});
      await gate;
      job.onProgress?.({phase: 'render', done: 1, total: 1, percent: 100});
      await writeFile(job.outputFile, TINY_PDF);
    };
    exporter = exporterWith(engine, {documentsDir: path.join(root.dir, 'docs'), workRoot: path.join(root.dir, 'work')});
  });
  afterEach(async () => {
    release();
    await exporter.close();
  });

  const until = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 200 && !(await check()); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('lists the running export with its phase, steps and percent, and the one waiting behind it', async () => {
    const first = request(app())
      .get('/export-pdf?fileName=first&exportId=tab-1')
      .then((response) => response);
    const second = request(app())
      .get('/export-pdf?fileName=second&exportId=tab-2')
      .then((response) => response);
    await until(async () => {
      const exports = (await request(app()).get('/export-status')).body.exports as ExportStatus[];
      return exports.length === 2 && exports[0]!.done === 2;
    });

    const {body} = await request(app()).get('/export-status').expect(200).expect('Content-Type', /json/);
    const [running, waiting] = body.exports as ExportStatus[];
    assert.equal(running!.fileName, 'first.pdf');
    assert.deepEqual(
      [running!.state, running!.phase, running!.done, running!.total, running!.queuePosition],
      ['running', 'capture', 2, 2, 0],
    );
    assert.ok(running!.percent > 0 && running!.percent < 100, `percent ${running!.percent}`);
    assert.deepEqual(running!.clientIds, ['tab-1']);
    assert.ok(running!.elapsedMs >= 0);
    assert.deepEqual([waiting!.fileName, waiting!.state, waiting!.queuePosition], ['second.pdf', 'queued', 1]);

    const one = await request(app()).get('/export-status/tab-2').expect(200);
    assert.equal(one.body.fileName, 'second.pdf');
    release();
    assert.equal((await first).status, 200);
    assert.equal((await second).status, 200);
    const done = await request(app()).get('/export-status/tab-1').expect(200);
    assert.deepEqual([done.body.state, done.body.percent, done.body.pdfUrl, done.body.fileSizeMB], ['done', 100, 'first.pdf', '0.00']);
  });

  it('streams one export as server-sent events from its current state to done, then ends the stream', async () => {
    const exported = request(app())
      .get('/export-pdf?fileName=streamed&exportId=tab-9')
      .then((response) => response);
    await until(async () => (await request(app()).get('/export-status/tab-9')).status === 200);
    const stream = request(app())
      .get('/export-events?id=tab-9')
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => done(null, text));
      })
      .then((response) => response);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const response = await stream;
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/event-stream/);
    const events = statusEvents(response.body as string);
    assert.ok(events.length >= 2, `${events.length} events`);
    assert.ok(events.every((status) => status.clientIds.includes('tab-9')));
    assert.equal(events.at(-1)!.state, 'done');
    assert.equal(events.at(-1)!.percent, 100);
    const percents = events.map((status) => status.percent);
    assert.deepEqual(
      percents,
      [...percents].sort((a, b) => a - b),
      'percent never goes back',
    );
    assert.equal((await exported).status, 200);
  });

  it('reports a failed export with the error text the export request got', async () => {
    engine.behaviour = async () => {
      throw new Error('boom');
    };
    const response = await request(app()).get('/export-pdf?exportId=doomed').expect(500);
    const status = await request(app()).get('/export-status/doomed').expect(200);
    assert.deepEqual([status.body.state, status.body.error], ['failed', response.body.error]);
  });

  it('rejects a malformed id with 400 and answers an unknown one with 404, as JSON', async () => {
    const bad = await request(app()).get('/export-pdf?exportId=../../x').expect(400);
    assert.match(bad.body.error, /exportId/);
    assert.equal(engine.jobs.length, 0);
    await request(app()).get('/export-events?id=a%20b').expect(400).expect('Content-Type', /json/);
    const missing = await request(app()).get('/export-status/never-seen').expect(404);
    assert.equal(missing.body.success, false);
    await request(app()).post('/export-status').expect(405);
  });
});
