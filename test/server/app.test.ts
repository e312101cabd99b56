import assert from 'node:assert/strict';
import {readdir, readFile, rm, symlink, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {afterEach, beforeEach, describe, it} from 'node:test';
import request from 'supertest';
import {createApp} from '../../server/app';
import {EngineFailed} from '../../server/errors';
import type {Exporter} from '../../server/export/exporter';
import {LocalBookStore} from '../../server/store/local-book-store';
import {TINY_PDF, directoryPerTest} from '../helpers/fixtures';
import {ScriptedEngine, exporterWith} from '../helpers/scripted-engine';

describe('API', () => {
  const dirs = directoryPerTest('export-pdf-api');
  let documentsDir: string;
  let engine: ScriptedEngine;
  let siteUp: boolean;
  let exporter: Exporter;
  let nodeEnv: string;

  const app = () => createApp({nodeEnv}, {exporter, siteProbe: async () => siteUp, store: new LocalBookStore(documentsDir)});

  beforeEach(async () => {
    documentsDir = dirs.dir();
    engine = new ScriptedEngine();
    siteUp = true;
    nodeEnv = 'production';
    exporter = exporterWith(engine, {
      documentsDir,
      workRoot: path.join(dirs.root(), 'work'),
      siteProbe: async () => siteUp,
      queueLimit: 2,
    });
  });
  afterEach(async () => exporter.close());

  const partFiles = async () => (await readdir(documentsDir)).filter((name) => name.endsWith('.part'));

  describe('GET /export-pdf', () => {
    it('returns every field of the export result', async () => {
      const response = await request(app()).get('/export-pdf?fileName=handbook').expect(200);
      assert.deepEqual(response.body, {
        success: true,
        message: 'PDF exported successfully',
        pdfPath: path.join(documentsDir, 'handbook.pdf'),
        pdfUrl: 'handbook.pdf',
        fileName: 'handbook.pdf',
        fileSize: TINY_PDF.length,
        fileSizeMB: '0.00',
      });
      assert.deepEqual(await readFile(path.join(documentsDir, 'handbook.pdf')), TINY_PDF);
      assert.deepEqual(await partFiles(), []);
    });

    it('lists what the book holds in GET /pdf-files, until the file is replaced by other means', async () => {
      await request(app()).get('/export-pdf?fileName=handbook').expect(200);
      const listed = await request(app()).get('/pdf-files').expect(200);
      assert.deepEqual(listed.body.files[0].book, {docsPluginId: 'default', version: 'current', locale: 'en'});
      await writeFile(path.join(documentsDir, 'handbook.pdf'), Buffer.concat([TINY_PDF, TINY_PDF]));
      assert.equal((await request(app()).get('/pdf-files').expect(200)).body.files[0].book, undefined);
    });

    it('gives the engine the manifest, the site origin and a hidden part file in the documents directory', async () => {
      await request(app()).get('/export-pdf?fileName=a').expect(200);
      const [job] = engine.jobs;
      assert.equal(job?.siteOrigin, 'http://127.0.0.1:3000');
      assert.equal(job?.manifest.startPath, '/docs/intro');
      assert.equal(path.dirname(job!.outputFile), documentsDir);
      assert.match(path.basename(job!.outputFile), /^\.a\.pdf\.\d+-[0-9a-f]+\.part$/);
    });

    it('names the file export-<docs>-<version>-<locale>-<timestamp>.pdf by default', async () => {
      const response = await request(app()).get('/export-pdf').expect(200);
      assert.match(response.body.fileName, /^export-docs-current-en-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.pdf$/);
    });

    it('URL-encodes pdfUrl and reports megabytes with two decimals', async () => {
      engine.behaviour = async (job) => {
        const body = Buffer.alloc(3 * 1024 * 1024 + 512 * 1024, 0x20);
        await writeFile(job.outputFile, Buffer.concat([Buffer.from('%PDF-1.7\n'), body, Buffer.from('\n%%EOF\n')]));
      };
      const response = await request(app())
        .get(`/export-pdf?fileName=${encodeURIComponent('Guide #2 ä')}`)
        .expect(200);
      assert.equal(response.body.fileName, 'Guide #2 ä.pdf');
      assert.equal(response.body.pdfUrl, 'Guide%20%232%20%C3%A4.pdf');
      assert.equal(response.body.fileSizeMB, '3.50');
    });

    it('overwrites a file of the same name', async () => {
      await writeFile(path.join(documentsDir, 'same.pdf'), 'old');
      await request(app()).get('/export-pdf?fileName=same.pdf').expect(200);
      assert.deepEqual(await readFile(path.join(documentsDir, 'same.pdf')), TINY_PDF);
    });

    it('replaces a symlink named like the target instead of writing through it', async () => {
      const outside = path.join(dirs.root(), `outside-${Date.now()}.txt`);
      await writeFile(outside, 'precious');
      await symlink(outside, path.join(documentsDir, 'link.pdf'));
      await request(app()).get('/export-pdf?fileName=link.pdf').expect(200);
      assert.equal(await readFile(outside, 'utf8'), 'precious');
      assert.deepEqual(await readFile(path.join(documentsDir, 'link.pdf')), TINY_PDF);
    });

    it('answers "Export command failed" when the engine fails, and keeps the previous file', async () => {
      await writeFile(path.join(documentsDir, 'keep.pdf'), 'previous version');
      engine.behaviour = async (job) => {
        await writeFile(job.outputFile, '%PDF-1.4 half wri');
        throw new EngineFailed('command-failed', 'docs-to-pdf exited with code 1: boom');
      };
      const response = await request(app()).get('/export-pdf?fileName=keep').expect(500);
      assert.equal(response.body.success, false);
      assert.equal(response.body.error, 'Export command failed');
      assert.match(response.body.detail, /boom/);
      assert.equal(response.body.stack, undefined);
      assert.equal(await readFile(path.join(documentsDir, 'keep.pdf'), 'utf8'), 'previous version');
      assert.deepEqual(await partFiles(), []);
    });

    it('answers "PDF file was not created" when the engine writes no complete PDF', async () => {
      await writeFile(path.join(documentsDir, 'keep.pdf'), 'previous version');
      engine.behaviour = async (job) => writeFile(job.outputFile, '<html>not a pdf</html>');
      const response = await request(app()).get('/export-pdf?fileName=keep').expect(500);
      assert.equal(response.body.error, 'PDF file was not created');
      assert.equal(await readFile(path.join(documentsDir, 'keep.pdf'), 'utf8'), 'previous version');
      assert.deepEqual(await partFiles(), []);
    });

    it('answers "PDF file was not created" at once when the site is down, without running the engine', async () => {
      siteUp = false;
      const response = await request(app()).get('/export-pdf').expect(500);
      assert.equal(response.body.error, 'PDF file was not created');
      assert.match(response.body.detail, /not running/);
      assert.equal(engine.jobs.length, 0);
    });

    it('answers the ENOENT text when the documents directory is missing', async () => {
      await rm(documentsDir, {recursive: true});
      const response = await request(app()).get('/export-pdf').expect(500);
      assert.equal(response.body.error, 'ENOENT: no such file or directory');
      assert.equal(engine.jobs.length, 0);
    });

    it('includes the stack only when NODE_ENV is development', async () => {
      engine.behaviour = async () => {
        throw new EngineFailed('command-failed', 'boom');
      };
      nodeEnv = 'development';
      const response = await request(app()).get('/export-pdf').expect(500);
      assert.match(response.body.stack, /^EngineFailed: Export command failed\n\s+at .*app\.test\.ts/);
    });

    for (const query of ['fileName=a%2Fb', 'fileName=..', 'fileName=a&fileName=b', 'fileName=', 'fileName=%00x']) {
      it(`rejects ?${query} with 400 before any engine runs`, async () => {
        const response = await request(app()).get(`/export-pdf?${query}`).expect(400);
        assert.equal(response.body.success, false);
        assert.match(response.body.error, /^Invalid fileName: /);
        assert.equal(engine.jobs.length, 0);
      });
    }

    it('answers 400 for an unknown or repeated docs plugin, version or locale, before any engine runs', async () => {
      const unknown = await request(app()).get('/export-pdf?version=9.9').expect(400);
      assert.match(unknown.body.error, /Unknown version "9.9"/);
      const docs = await request(app()).get('/export-pdf?docsPluginId=api').expect(400);
      assert.equal(docs.body.error, 'Unknown docs plugin "api"');
      assert.equal(docs.body.detail, 'This site has: default.');
      await request(app()).get('/export-pdf?docsPluginId=default&docsPluginId=api').expect(400);
      await request(app()).get('/export-pdf?locale=xx').expect(400);
      await request(app()).get('/export-pdf?locale=en&locale=fr').expect(400);
      await request(app()).get('/export-pdf?version=').expect(400);
      assert.equal(engine.jobs.length, 0);
    });

    it('passes category and doc on to the engine, and answers 400 when both are given', async () => {
      await request(app()).get('/export-pdf?fileName=one&doc=intro').expect(200);
      const job = engine.jobs[0]!;
      assert.equal(job.subset?.kind === 'doc' && job.subset.doc.id, 'intro');
      const both = await request(app()).get('/export-pdf?doc=intro&category=Guides').expect(400);
      assert.match(both.body.error, /either category or doc/);
    });

    it('starts the engine at the default start page of the default locale', async () => {
      await request(app()).get('/export-pdf?locale=en').expect(200);
      assert.equal(engine.jobs[0]?.startPath, '/docs/intro');
    });

    it('refuses HEAD with 405 instead of starting an export', async () => {
      const response = await request(app()).head('/export-pdf').expect(405);
      assert.equal(response.headers.allow, 'GET');
      assert.equal(engine.jobs.length, 0);
    });

    it('runs identical requests once and hands each the same result', async () => {
      const release = engine.hold();
      const server = app();
      const first = request(server)
        .get('/export-pdf?fileName=shared')
        .then((r) => r);
      const second = request(server)
        .get('/export-pdf?fileName=shared')
        .then((r) => r);
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      const [a, b] = await Promise.all([first, second]);
      assert.equal(a.status, 200);
      assert.deepEqual(a.body, b.body);
      assert.equal(engine.jobs.length, 1);
    });

    it('holds 50 identical requests on one run while a full queue waits, and refuses the next', async () => {
      const release = engine.hold();
      const server = app();
      const identical = Array.from({length: 50}, () =>
        request(server)
          .get('/export-pdf?fileName=popular')
          .then((r) => r),
      );
      const queued = ['w1', 'w2'].map((name) =>
        request(server)
          .get(`/export-pdf?fileName=${name}`)
          .then((r) => r),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await request(server).get('/export-pdf?fileName=one-too-many');
      assert.equal(refused.status, 503);
      release();
      const answers = await Promise.all([...identical, ...queued]);
      assert.ok(answers.every((answer) => answer.status === 200));
      assert.equal(new Set(answers.slice(0, 50).map((answer) => answer.body.fileSize)).size, 1);
      assert.equal(engine.jobs.length, 3, '50 identical requests ran once, plus the two queued ones');
      assert.equal(engine.maxRunning, 1);
    });

    it('runs different exports one at a time, in order, and refuses past the queue bound with 503', async () => {
      const release = engine.hold();
      const server = app();
      const accepted = ['q1', 'q2', 'q3'].map((name) =>
        request(server)
          .get(`/export-pdf?fileName=${name}`)
          .then((r) => r),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = await request(server).get('/export-pdf?fileName=q4');
      assert.equal(refused.status, 503);
      assert.equal(refused.body.success, false);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      release();
      const results = await Promise.all(accepted);
      assert.deepEqual(
        results.map((r) => r.status),
        [200, 200, 200],
      );
      assert.equal(engine.maxRunning, 1);
      assert.deepEqual(
        engine.jobs.map((job) => path.basename(job.outputFile).split('.')[1]),
        ['q1', 'q2', 'q3'],
      );
    });
  });

  describe('protocol', () => {
    it('allows any origin', async () => {
      const response = await request(app()).get('/pdf-files').set('Origin', 'https://elsewhere.example').expect(200);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      const preflight = await request(app())
        .options('/export-pdf')
        .set('Origin', 'https://elsewhere.example')
        .set('Access-Control-Request-Method', 'GET');
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
    });

    it('answers unknown paths with a JSON 404', async () => {
      const response = await request(app()).get('/nope').expect(404).expect('Content-Type', /json/);
      assert.equal(response.body.success, false);
      assert.match(response.body.error, /Not found/);
    });

    it('answers wrong methods with a JSON 405 and Allow', async () => {
      const response = await request(app()).post('/export-pdf').expect(405);
      assert.equal(response.headers.allow, 'GET');
      assert.equal(response.body.success, false);
      const list = await request(app()).delete('/pdf-files').expect(405);
      assert.equal(list.headers.allow, 'GET, HEAD');
      await request(app()).put('/health').expect(405);
    });

    it('answers a malformed URL with a JSON 400', async () => {
      const response = await request(app()).get('/%E0%A4%A').expect(400).expect('Content-Type', /json/);
      assert.equal(response.body.success, false);
    });

    it('does not advertise Express', async () => {
      const response = await request(app()).get('/health');
      assert.equal(response.headers['x-powered-by'], undefined);
    });
  });
});
