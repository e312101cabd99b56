import assert from 'node:assert/strict';
import {readdir, readFile, stat} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {documentFiles} from '../helpers/fixtures';
import {SIDEBAR_DOC_IDS, marker} from '../helpers/example-docs';
import {pageCount, pdfText} from '../helpers/pdf';
import {startServerEntry, type RunningEntry} from '../helpers/server-process';
import {assertHealthy} from '../helpers/wait-healthy';

const EXPORT_TIMEOUT = 240_000;

describe('export of the example site through the server entry with the docs-to-pdf engine', {timeout: 400_000}, () => {
  let server: RunningEntry;
  let exported: Record<string, unknown>;
  let file: string;

  before(async () => {
    server = await startServerEntry('serve', {env: {EXPORT_ENGINE: 'docs-to-pdf'}});
  });
  after(async () => {
    const code = await server?.stop();
    assert.equal(code, 0, `the server entry exits 0 on SIGTERM:\n${server?.output().slice(-2000)}`);
  });

  it('reports the API and the site as running', async () => {
    await assertHealthy(server.apiUrl);
  });

  it('exports the whole docs site to a PDF', {timeout: EXPORT_TIMEOUT}, async () => {
    const started = Date.now();
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=e2e-handbook`, {
      signal: AbortSignal.timeout(EXPORT_TIMEOUT),
    });
    exported = await response.json();
    assert.equal(response.status, 200, JSON.stringify(exported) + server.output().slice(-3000));
    console.log(`export took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    file = path.join(server.documentsDir, 'e2e-handbook.pdf');
    assert.equal(exported.success, true);
    assert.equal(exported.message, 'PDF exported successfully');
    assert.equal(exported.fileName, 'e2e-handbook.pdf');
    assert.equal(exported.pdfUrl, 'e2e-handbook.pdf');
    assert.equal(exported.pdfPath, file);
    assert.equal(exported.fileSize, (await stat(file)).size);
    assert.equal(exported.fileSizeMB, ((exported.fileSize as number) / 1024 / 1024).toFixed(2));
  });

  it('writes a valid PDF with a cover, a table of contents and every doc in sidebar order', async () => {
    const bytes = await readFile(file);
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    const pages = await pageCount(bytes);
    console.log(`PDF pages: ${pages}, bytes: ${bytes.length}`);
    assert.ok(pages >= SIDEBAR_DOC_IDS.length + 2, `${pages} pages for ${SIDEBAR_DOC_IDS.length} docs`);
    const text = (await pdfText(file)).replace(/\s+/g, ' ').replace(/- /g, '-');
    const cover = text.indexOf('Acme Widgets User guide Page 1 of');
    const toc = text.indexOf('Table of Contents');
    assert.ok(cover >= 0 && cover < toc, 'the cover is page 1, before the table of contents');
    assert.ok(toc < text.indexOf(marker(SIDEBAR_DOC_IDS[0]!)), 'the table of contents comes before the docs');
    let previous = -1;
    for (const id of SIDEBAR_DOC_IDS) {
      const at = text.indexOf(marker(id));
      assert.ok(at > previous, `${marker(id)} present and after the doc before it`);
      previous = at;
    }
    assert.match(text, /Page 3 of \d+/, 'the footer numbers the pages');
    assert.doesNotMatch(text, /Edit this page|Previous\s+«|Next\s+»/, 'no page chrome');
  });

  it('lists the PDF in /pdf-files', async () => {
    const body = await (await fetch(`${server.apiUrl}/pdf-files`)).json();
    assert.equal(body.count, 1);
    assert.equal(body.files[0].name, 'e2e-handbook.pdf');
    assert.equal(body.files[0].size, exported.fileSize);
  });

  it('serves the PDF for download from the site root', async () => {
    const response = await fetch(`${server.siteUrl}/${exported.pdfUrl}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), await readFile(file));
  });

  it('leaves no part file, no scratch directory and no Chromium profile behind', async () => {
    assert.deepEqual(await documentFiles(server.documentsDir), ['e2e-handbook.pdf']);
    const scratch = await readdir(path.join(os.tmpdir(), 'docusaurus-export-pdf')).catch(() => []);
    assert.deepEqual(
      scratch.filter((name) => name.startsWith(`${server.child.pid}-`)),
      [],
    );
  });
});
