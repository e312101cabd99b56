import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {chromium, type Browser} from 'playwright-core';
import type {PrebuiltIndex} from '../../contracts/build-time';
import {findChromium, sandboxArgs} from '../../server/chromium';
import {freePort} from '../../server/listen';
import {pdfText} from '../helpers/pdf';
import {buildSite, copyExampleSite, serveBuild, type StaticServer} from '../helpers/site-copy';
import {insertBefore} from '../helpers/text-edit';

const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The example site as a GitHub Pages project site would host it: under
 * /repo/, with trailing slashes, built with `buildTime` for every docs
 * instance and version of English and French (not Arabic), then served by a
 * plain `docusaurus serve`, with no export API anywhere.
 */
describe('a static host: books made at build time, offered by the button without an API', {timeout: 30 * 60_000}, () => {
  let siteDir: string;
  let buildOutput: string;
  let serve: StaticServer | undefined;
  let browser: Browser | undefined;
  let siteUrl: string;

  before(async () => {
    // An API port where nothing listens: the button finds no API and must fall back to the prebuilt books.
    const deadApiPort = await freePort();
    siteDir = await copyExampleSite('static-host', (config) =>
      insertBefore(
        config.replace("baseUrl: '/',", "baseUrl: '/repo/',\n  trailingSlash: true,"),
        "        coverSubtitle: 'User guide',",
        `        apiPort: ${deadApiPort},\n        buildTime: {versions: 'all', docsPluginIds: 'all', locales: ['en', 'fr']},\n`,
      ),
    );
    const build = await buildSite(siteDir);
    assert.ok(build.ok, build.output);
    buildOutput = build.output;
    const port = await freePort();
    serve = await serveBuild(siteDir, port, `http://localhost:${port}/repo/`);
    siteUrl = `http://localhost:${port}/repo`;
    browser = await chromium.launch({executablePath: findChromium(), args: sandboxArgs()});
  });
  after(async () => {
    await browser?.close();
    await serve?.stop();
  });

  async function readIndex(localeDir: string): Promise<PrebuiltIndex> {
    return JSON.parse(await readFile(path.join(siteDir, 'build', localeDir, 'pdf', 'index.json'), 'utf8')) as PrebuiltIndex;
  }

  it('writes each selected book with its index, one progress line per book, and none for a locale left out', async () => {
    const english = await readIndex('');
    assert.deepEqual(
      english.books.map((book) => book.file),
      ['docs-current-en.pdf', 'sdk-1.0-en.pdf', 'sdk-current-en.pdf'],
      "each instance's default version first",
    );
    for (const book of english.books) {
      const bytes = await readFile(path.join(siteDir, 'build', 'pdf', book.file));
      assert.equal(book.bytes, bytes.length);
      assert.equal(book.sha256, createHash('sha256').update(bytes).digest('hex'));
      assert.ok(book.pages > 1, `${book.file}: ${book.pages} pages`);
      assert.match(buildOutput, new RegExp(`pdf/${book.file.replace(/\./g, '\\.')}, ${book.pages} pages`));
    }
    assert.deepEqual(
      (await readIndex('fr')).books.map((book) => [book.file, book.locale]),
      [
        ['docs-current-fr.pdf', 'fr'],
        ['sdk-1.0-fr.pdf', 'fr'],
        ['sdk-current-fr.pdf', 'fr'],
      ],
    );
    assert.equal(existsSync(path.join(siteDir, 'build', 'ar', 'pdf')), false, 'Arabic is not in buildTime.locales');
  });

  /** Clicks Export PDF on `sitePath` and gives the downloaded file's name and text. */
  async function downloadFrom(sitePath: string): Promise<{fileName: string; text: string}> {
    const context = await browser!.newContext({acceptDownloads: true, viewport: {width: 1280, height: 800}});
    try {
      const page = await context.newPage();
      await page.goto(siteUrl + sitePath);
      const download = page.waitForEvent('download', {timeout: 30_000});
      await page
        .locator('.navbar')
        .getByRole('button', {name: /Export PDF|Exporter en PDF/})
        .click();
      const file = await download;
      const saved = path.join(siteDir, 'downloads', file.suggestedFilename());
      await file.saveAs(saved);
      await page.getByTestId('export-pdf-download').waitFor();
      return {fileName: file.suggestedFilename(), text: flat(await pdfText(saved))};
    } finally {
      await context.close();
    }
  }

  it('downloads the 1.0 book from a page of SDK 1.0, and the next one from a page of it', async () => {
    const released = await downloadFrom('/sdk/client/');
    assert.equal(released.fileName, 'sdk-1.0-en.pdf');
    assert.ok(released.text.includes('the 1.0 release, the stable one'), 'the 1.0 text');
    const next = await downloadFrom('/sdk/next/intro/');
    assert.equal(next.fileName, 'sdk-current-en.pdf');
    assert.ok(next.text.includes('the next release of the SDK'), 'the next text');
  });

  it('downloads the French book from a /fr/ page, and the default docs outside the docs', async () => {
    const french = await downloadFrom('/fr/docs/intro/');
    assert.equal(french.fileName, 'docs-current-fr.pdf');
    assert.ok(french.text.includes('Sommaire') && french.text.includes('Le problème qu’elle résout'), 'the French TOC title and text');
    const home = await downloadFrom('/');
    assert.equal(home.fileName, 'docs-current-en.pdf');
  });

  it('says so where the build made no book, rather than failing', async () => {
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${siteUrl}/ar/docs/intro/`);
      await page.locator('.navbar').getByRole('button').filter({hasText: 'PDF'}).first().click();
      await page.getByTestId('export-pdf-not-prebuilt').waitFor({timeout: 10_000});
    } finally {
      await context.close();
    }
  });

  it('lists the prebuilt books on the exports page, with working links under /repo/', async () => {
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${siteUrl}/pdf-exports/`);
      const table = page.getByTestId('pdf-exports-prebuilt-table');
      await table.waitFor({timeout: 10_000});
      const links = await table
        .locator('td a[download]')
        .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
      assert.deepEqual(
        links.map((link) => new URL(link).pathname),
        ['/repo/pdf/docs-current-en.pdf', '/repo/pdf/sdk-1.0-en.pdf', '/repo/pdf/sdk-current-en.pdf'],
      );
      for (const link of links) {
        const response = await fetch(link);
        assert.equal(response.status, 200, link);
        assert.equal(response.headers.get('content-type'), 'application/pdf');
      }
      assert.equal(await page.getByTestId('pdf-exports-error').count(), 0, 'no API is no error on a static host');
    } finally {
      await context.close();
    }
  });
});
