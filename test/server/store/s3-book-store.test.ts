import assert from 'node:assert/strict';
import {randomBytes} from 'node:crypto';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, afterEach, before, describe, it} from 'node:test';
import {PutObjectCommand, S3Client} from '@aws-sdk/client-s3';
import express from 'express';
import request from 'supertest';
import {ERROR_TEXTS} from '../../../contracts/errors';
import {StoreUnavailable} from '../../../server/errors';
import {documentsRoute} from '../../../server/site/documents-route';
import {errorMiddleware} from '../../../server/error-middleware';
import {S3BookStore, type S3BookStoreOptions} from '../../../server/store/s3-book-store';
import {TINY_PDF, tempDir} from '../../helpers/fixtures';
import {startCuttingProxy, startS3Server, type S3Server} from '../../helpers/s3-server';

const RECORD = {docsPluginId: 'default', version: '2.0', versionLabel: 'Version 2 — été', locale: 'fr'};

describe('S3BookStore against a real S3-compatible server (s3rver)', () => {
  let s3: S3Server;
  let scratch: Awaited<ReturnType<typeof tempDir>>;

  before(async () => {
    s3 = await startS3Server();
    scratch = await tempDir('export-pdf-s3-store');
  });
  afterEach(async () => s3.clear());
  after(async () => {
    await s3?.remove();
    await scratch?.remove();
  });

  const store = (options: Partial<S3BookStoreOptions> & {endpoint?: string} = {}) =>
    new S3BookStore({
      location: {bucket: s3.bucket, prefix: 'site/'},
      downloads: 'stream',
      exportTimeoutMs: 60_000,
      ...options,
      client: s3.clientConfig(options.endpoint),
    });

  /** A finished export's file, as the engine leaves it in the scratch directory. */
  async function staged(subject: S3BookStore, fileName: string, bytes: Buffer = TINY_PDF): Promise<string> {
    const jobId = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const dir = path.join(scratch.dir, jobId);
    await mkdir(dir);
    const file = subject.stagingFile(fileName, jobId, dir);
    await writeFile(file, bytes);
    return file;
  }

  /** The site's documents route alone, with the site's error middleware. */
  const site = (subject: S3BookStore) =>
    express()
      .use(documentsRoute(subject))
      .use(errorMiddleware({exposeStack: false}));

  it('commits a book that is then listed with its record and streamed whole', async () => {
    const subject = store();
    const committed = await subject.commit('guide v2.pdf', await staged(subject, 'guide v2.pdf'), RECORD, `${process.pid}-aa`);
    assert.deepEqual(committed, {fileSize: TINY_PDF.length, pdfPath: `s3://${s3.bucket}/site/guide v2.pdf`});
    assert.deepEqual(await s3.keys(), ['site/guide v2.pdf'], 'the upload under .uploads/ is gone');

    const [entry, ...others] = await subject.list();
    assert.deepEqual(others, []);
    assert.equal(entry!.name, 'guide v2.pdf');
    assert.equal(entry!.size, TINY_PDF.length);
    assert.equal(entry!.sizeMB, '0.00');
    assert.equal(entry!.created, entry!.modified);
    assert.ok(!Number.isNaN(Date.parse(entry!.modified)));
    assert.deepEqual(entry!.book, RECORD);

    const response = await request(site(subject)).get('/guide%20v2.pdf').expect(200).expect('Content-Type', 'application/pdf');
    assert.deepEqual(Buffer.from(response.body), TINY_PDF);
    assert.equal(response.headers['content-length'], String(TINY_PDF.length));
    const head = await request(site(subject)).head('/guide%20v2.pdf').expect(200);
    assert.equal(head.headers['content-length'], String(TINY_PDF.length));
  });

  it('answers a range request with the part asked for', async () => {
    const subject = store();
    await subject.commit('ranged.pdf', await staged(subject, 'ranged.pdf'), RECORD, `${process.pid}-ab`);
    const response = await request(site(subject)).get('/ranged.pdf').set('Range', 'bytes=0-4').expect(206);
    assert.equal(Buffer.from(response.body).toString('latin1'), '%PDF-');
    assert.equal(response.headers['content-range'], `bytes 0-4/${TINY_PDF.length}`);
  });

  it('replaces a book of the same name, and lists newest first', async () => {
    const subject = store();
    await subject.commit('a.pdf', await staged(subject, 'a.pdf'), RECORD, `${process.pid}-b1`);
    // s3rver keeps modification times to the second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const bigger = Buffer.concat([TINY_PDF, TINY_PDF]);
    await subject.commit('b.pdf', await staged(subject, 'b.pdf'), undefined, `${process.pid}-b2`);
    await subject.commit('a.pdf', await staged(subject, 'a.pdf', bigger), {...RECORD, locale: 'de'}, `${process.pid}-b3`);
    const listed = await subject.list();
    assert.deepEqual(
      listed.map((entry) => [entry.name, entry.size, entry.book?.locale]),
      [
        ['a.pdf', bigger.length, 'de'],
        ['b.pdf', TINY_PDF.length, undefined],
      ],
    );
  });

  it('lists only visible PDFs directly under its prefix, a PDF of other origin without a record', async () => {
    const client = new S3Client({...s3.clientConfig(), requestChecksumCalculation: 'WHEN_REQUIRED'});
    const put = (Key: string) => client.send(new PutObjectCommand({Bucket: s3.bucket, Key, Body: TINY_PDF}));
    for (const key of [
      'site/manual.pdf',
      'site/notes.txt',
      'site/.hidden.pdf',
      'site/.uploads/1-aa/x.pdf',
      'site/sub/deep.pdf',
      'other.pdf',
    ]) {
      await put(key);
    }
    client.destroy();
    const listed = await store().list();
    assert.deepEqual(
      listed.map((entry) => entry.name),
      ['manual.pdf'],
    );
    assert.equal(listed[0]!.book, undefined);
  });

  it('redirects to a presigned URL that downloads the same bytes, when downloads are presigned', async () => {
    const subject = store({downloads: 'presigned'});
    const bytes = Buffer.concat([TINY_PDF, randomBytes(4096), Buffer.from('\n%%EOF\n')]);
    await subject.commit('signed.pdf', await staged(subject, 'signed.pdf', bytes), RECORD, `${process.pid}-cc`);
    const response = await request(site(subject)).get('/signed.pdf').expect(302);
    const location = response.headers.location!;
    assert.ok(location.startsWith(`${s3.endpoint}/${s3.bucket}/site/signed.pdf?`), location);
    assert.match(location, /X-Amz-Signature=/);
    const download = await fetch(location);
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), bytes);
  });

  it('falls through for a book it does not have, in both download modes', async () => {
    for (const downloads of ['stream', 'presigned'] as const) {
      const app = express()
        .use(documentsRoute(store({downloads})))
        .use((_req, res) => void res.status(404).send('site 404'));
      assert.equal((await request(app).get('/missing.pdf').expect(404)).text, 'site 404');
    }
  });

  it('leaves nothing under the book key or its upload key when the connection drops mid-upload', async () => {
    const proxy = await startCuttingProxy(Number(new URL(s3.endpoint).port));
    try {
      const subject = store({endpoint: proxy.endpoint});
      const file = await staged(subject, 'cut.pdf', Buffer.concat([TINY_PDF, randomBytes(2 * 1024 * 1024)]));
      proxy.arm(512 * 1024);
      await assert.rejects(subject.commit('cut.pdf', file, RECORD, `${process.pid}-dd`), (error: unknown) => {
        assert.ok(error instanceof StoreUnavailable, String(error));
        assert.equal(error.message, ERROR_TEXTS.storeUnavailable);
        assert.match(error.detail!, /^s3:\/\/books\/site\/: /);
        return true;
      });
      assert.deepEqual(await s3.keys(), []);
      assert.deepEqual(await subject.list(), []);
    } finally {
      await proxy.close();
    }
  });

  it('refuses a staged file that is not a file, and uploads nothing', async () => {
    const subject = store();
    await assert.rejects(subject.commit('dir.pdf', scratch.dir, RECORD, `${process.pid}-ee`), /is not a file/);
    assert.deepEqual(await s3.keys(), []);
  });

  describe('while the server is stopped', () => {
    before(async () => s3.stop());
    after(async () => s3.start());

    it('reports itself unreachable and fails listing, serving and readiness as unavailable', async () => {
      const subject = store();
      assert.equal(await subject.check(), 'unreachable');
      const unavailable = (error: unknown) => {
        assert.ok(error instanceof StoreUnavailable, String(error));
        assert.match(error.detail!, /ECONNREFUSED/);
        return true;
      };
      await assert.rejects(subject.list(), unavailable);
      await assert.rejects(subject.ready(), unavailable);
      const response = await request(site(subject)).get('/guide.pdf').expect(503);
      assert.equal(response.body.error, ERROR_TEXTS.storeUnavailable);
      await subject.sweepStale();
    });

    it('fails a commit as unavailable, and the book is not there once the server is back', async () => {
      const subject = store();
      await assert.rejects(subject.commit('late.pdf', await staged(subject, 'late.pdf'), RECORD, `${process.pid}-ff`), StoreUnavailable);
      await s3.start();
      try {
        assert.deepEqual(await s3.keys(), []);
      } finally {
        await s3.stop();
      }
    });
  });

  it('says it is running while the bucket answers', async () => {
    assert.equal(await store().check(), 'running');
    await store().ready();
  });

  it('sweeps uploads older than twice the export deadline only', async () => {
    const client = new S3Client({...s3.clientConfig(), requestChecksumCalculation: 'WHEN_REQUIRED'});
    await client.send(new PutObjectCommand({Bucket: s3.bucket, Key: 'site/.uploads/1-aa/left.pdf', Body: TINY_PDF}));
    await client.send(new PutObjectCommand({Bucket: s3.bucket, Key: 'site/kept.pdf', Body: TINY_PDF}));
    client.destroy();
    await store({exportTimeoutMs: 60 * 60 * 1000}).sweepStale();
    assert.deepEqual(await s3.keys(), ['site/.uploads/1-aa/left.pdf', 'site/kept.pdf'], 'a recent upload may be a live export');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await store({exportTimeoutMs: 100}).sweepStale();
    assert.deepEqual(await s3.keys(), ['site/kept.pdf']);
  });
});
