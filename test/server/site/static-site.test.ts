import assert from 'node:assert/strict';
import {mkdir, symlink, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import request from 'supertest';
import {builtManifestDir} from '../../../contracts/manifest';
import {createStaticSiteApp} from '../../../server/site/static-site';
import {LocalBookStore} from '../../../server/store/local-book-store';
import {TINY_PDF, tempDir} from '../../helpers/fixtures';

describe('static site server', () => {
  let root: Awaited<ReturnType<typeof tempDir>>;
  let outDir: string;
  let documentsDir: string;

  before(async () => {
    root = await tempDir('export-pdf-site');
    outDir = path.join(root.dir, 'build');
    documentsDir = path.join(root.dir, 'pdfs');
    await mkdir(path.join(outDir, 'docs', 'intro'), {recursive: true});
    await mkdir(documentsDir);
    await writeFile(path.join(outDir, 'index.html'), '<h1>home</h1>');
    await writeFile(path.join(outDir, 'docs', 'intro', 'index.html'), '<h1>intro</h1>');
    await writeFile(path.join(outDir, '404.html'), '<h1>missing</h1>');
    await mkdir(builtManifestDir(outDir), {recursive: true});
    await writeFile(path.join(builtManifestDir(outDir), 'site-manifest.en.json'), '{}');
    await writeFile(path.join(documentsDir, 'guide v2.pdf'), TINY_PDF);
    await writeFile(path.join(documentsDir, '.guide.pdf.1-ab.part'), TINY_PDF);
    await writeFile(path.join(root.dir, 'secret.pdf'), 'secret');
    await symlink(path.join(root.dir, 'secret.pdf'), path.join(documentsDir, 'escape.pdf'));
  });
  after(async () => root.remove());

  const app = (baseUrl = '/', trailingSlash?: boolean) =>
    createStaticSiteApp({outDir, baseUrl, trailingSlash}, {store: new LocalBookStore(documentsDir), apiPort: 4321});

  it('serves the built pages with clean URLs', async () => {
    const response = await request(app()).get('/docs/intro').expect(200);
    assert.match(response.text, /intro/);
  });

  it('does not publish the export manifest the build holds, however the path is written', async () => {
    for (const url of [
      '/.docusaurus-plugin-export-pdf/default/site-manifest.en.json',
      '/%2Edocusaurus-plugin-export-pdf/default/site-manifest.en.json',
    ]) {
      await request(app()).get(url).expect(404);
    }
    await request(app()).get('/%E0%A4%A').expect(400);
  });

  it('serves a PDF of the documents directory at the site root', async () => {
    const response = await request(app()).get('/guide%20v2.pdf').expect(200).expect('Content-Type', 'application/pdf');
    assert.deepEqual(Buffer.from(response.body), TINY_PDF);
  });

  it('never serves part files or symlinks from the documents directory', async () => {
    await request(app()).get('/.guide.pdf.1-ab.part').expect(404);
    const escaped = await request(app()).get('/escape.pdf');
    assert.equal(escaped.status, 404);
    assert.doesNotMatch(escaped.text ?? '', /secret/);
  });

  it('tells the button the live API port', async () => {
    const response = await request(app()).get('/__export-pdf/api.json').expect(200);
    assert.deepEqual(response.body, {apiPort: 4321});
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  it('serves under a baseUrl and redirects outside it, like docusaurus serve', async () => {
    await request(app('/handbook/')).get('/handbook/docs/intro').expect(200);
    await request(app('/handbook/')).get('/handbook/guide%20v2.pdf').expect(200);
    await request(app('/handbook/')).get('/handbook/__export-pdf/api.json').expect(200);
    const outside = await request(app('/handbook/')).get('/elsewhere').expect(302);
    assert.equal(outside.headers.location, '/handbook/');
  });

  it('adds or removes a trailing slash under a baseUrl without leaving the baseUrl, as a capture tab follows it', async () => {
    const added = await request(app('/handbook/', true)).get('/handbook/docs/intro?tab=npm').expect(301);
    assert.equal(added.headers.location, '/handbook/docs/intro/?tab=npm');
    await request(app('/handbook/', true)).get('/handbook/docs/intro/').expect(200);
    const removed = await request(app('/handbook/', false)).get('/handbook/docs/intro/').expect(301);
    assert.equal(removed.headers.location, '/handbook/docs/intro');
    await request(app('/handbook/', false)).get('/handbook/docs/intro').expect(200);
    await request(app('/handbook/', false)).get('/handbook/').expect(200);
    await request(app('/handbook/', true)).get('/handbook/guide%20v2.pdf').expect(200);
    const root = await request(app('/', true)).get('/docs/intro').expect(301);
    assert.equal(root.headers.location, '/docs/intro/');
  });
});
