import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {promisify} from 'node:util';
import type {ExportSuccess, HealthReport, PdfFilesBody} from '../../contracts/api';
import {tempDir} from '../helpers/fixtures';
import {startS3Server, type S3Server} from '../helpers/s3-server';
import {startServerEntry, type RunningEntry} from '../helpers/server-process';

const EXPORT_TIMEOUT = 240_000;

describe('the server entry with STORE_URL in a bucket of s3rver', {timeout: 400_000}, () => {
  let s3: S3Server;
  let server: RunningEntry;
  let scratch: Awaited<ReturnType<typeof tempDir>>;
  let exported: ExportSuccess;

  before(async () => {
    s3 = await startS3Server();
    scratch = await tempDir('export-pdf-e2e-s3');
    server = await startServerEntry('serve', {env: s3.env('site')});
  });
  after(async () => {
    const code = await server?.stop();
    await s3?.remove();
    await scratch?.remove();
    assert.equal(code, 0, `the server entry exits 0 on SIGTERM:\n${server?.output().slice(-2000)}`);
  });

  it('says where the books are, and reports the store running', async () => {
    assert.match(server.output(), /\[export-pdf\] PDFs: s3:\/\/books\/site\//);
    const response = await fetch(`${server.apiUrl}/health`);
    const health = (await response.json()) as HealthReport;
    assert.equal(response.status, 200, JSON.stringify(health));
    assert.equal(health.services.store, 'running');
  });

  it('exports a book through the API into the bucket, and nothing into the documents directory', {timeout: EXPORT_TIMEOUT}, async () => {
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=s3-handbook`, {signal: AbortSignal.timeout(EXPORT_TIMEOUT)});
    exported = (await response.json()) as ExportSuccess;
    assert.equal(response.status, 200, JSON.stringify(exported) + server.output().slice(-3000));
    assert.equal(exported.pdfPath, 's3://books/site/s3-handbook.pdf');
    assert.equal(exported.pdfUrl, 's3-handbook.pdf');
    assert.deepEqual(await s3.keys(), ['site/s3-handbook.pdf'], 'the book alone: no upload left under .uploads/');
    assert.deepEqual(await readdir(server.documentsDir), []);
  });

  it('lists the book in /pdf-files with its record', async () => {
    const body = (await (await fetch(`${server.apiUrl}/pdf-files`)).json()) as PdfFilesBody;
    assert.equal(body.count, 1);
    assert.equal(body.files[0]!.name, 's3-handbook.pdf');
    assert.equal(body.files[0]!.size, exported.fileSize);
    assert.equal(body.files[0]!.book?.locale, 'en');
  });

  it('serves the whole PDF from the site URL', async () => {
    const response = await fetch(`${server.siteUrl}/${exported.pdfUrl}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(bytes.length, exported.fileSize);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(bytes.subarray(-1024).toString('latin1'), /%%EOF\s*$/);
    const file = path.join(scratch.dir, 'downloaded.pdf');
    await writeFile(file, bytes);
    const info = await promisify(execFile)('pdfinfo', [file]);
    assert.equal(info.stderr, '', 'pdfinfo reads the PDF without complaint');
    assert.match(info.stdout, /^Pages:\s+\d+$/m);
  });
});
