import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, it} from 'node:test';
import {pdfText} from '../helpers/pdf';
import {siteInBrowser} from '../helpers/site-in-browser';

const EXPORT_TIMEOUT = 120_000;

/** The PDF's text with every run of white space as one space: lines wrap where the page width says. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The example site's SDK docs are a second docs plugin instance with versions:
 * /sdk/ shows 1.0 (its lastVersion), /sdk/next/ the unreleased docs folder.
 */
describe('the version and docs instance being read, in a real browser', {timeout: 400_000}, () => {
  const site = siteInBrowser();

  /** Clicks Export PDF on `sitePath` and gives the file the button offers. */
  async function exportFrom(sitePath: string): Promise<{fileName: string; text: string}> {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 800}});
    try {
      const page = await context.newPage();
      await page.goto(site.server.siteUrl + sitePath);
      await page.locator('.navbar').getByRole('button', {name: 'Export PDF'}).click();
      const link = page.getByTestId('export-pdf-download');
      await link.waitFor({timeout: EXPORT_TIMEOUT});
      const fileName = (await link.getAttribute('download'))!;
      return {fileName, text: flat(await pdfText(path.join(site.server.documentsDir, fileName)))};
    } finally {
      await context.close();
    }
  }

  it('exports the released version from a page of it', {timeout: EXPORT_TIMEOUT}, async () => {
    const {fileName, text} = await exportFrom('/sdk/client');
    assert.match(fileName, /^export-sdk-1\.0-en-.+\.pdf$/);
    assert.match(text, /the 1\.0 release, the stable one/);
    assert.match(text, /on\(event, callback\)/);
    assert.doesNotMatch(text, /next release|Acme Widgets is a/, 'neither the next SDK nor the main docs');
  });

  it('exports the unreleased version from a page of it', {timeout: EXPORT_TIMEOUT}, async () => {
    const {fileName, text} = await exportFrom('/sdk/next/intro');
    assert.match(fileName, /^export-sdk-current-en-.+\.pdf$/);
    assert.match(text, /the next release of the SDK/);
    assert.doesNotMatch(text, /the 1\.0 release/);
  });

  it('exports the main docs from a page of them, and the site default elsewhere', {timeout: 2 * EXPORT_TIMEOUT}, async () => {
    const docs = await exportFrom('/docs/guides/retries');
    assert.match(docs.fileName, /^export-docs-current-en-.+\.pdf$/);
    assert.doesNotMatch(docs.text, /SDK overview/);
    const home = await exportFrom('/');
    assert.match(home.fileName, /^export-docs-current-en-.+\.pdf$/, "the docsPluginId option's docs");
  });

  it('answers the API without a version with the lastVersion, and an unknown docs id with the known ones', async () => {
    const sdk = await fetch(`${site.server.apiUrl}/export-pdf?docsPluginId=sdk&fileName=sdk-default`);
    assert.equal(sdk.status, 200);
    assert.match(flat(await pdfText(path.join(site.server.documentsDir, 'sdk-default.pdf'))), /the 1\.0 release/);
    const unknown = await fetch(`${site.server.apiUrl}/export-pdf?docsPluginId=api`);
    assert.equal(unknown.status, 400);
    assert.deepEqual(await unknown.json(), {success: false, error: 'Unknown docs plugin "api"', detail: 'This site has: default, sdk.'});
  });

  it('lists which docs, version and locale each PDF holds', async () => {
    const context = await site.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${site.server.siteUrl}/pdf-exports`);
      await page.getByTestId('pdf-exports-row').first().waitFor();
      const rows = await page
        .getByTestId('pdf-exports-row')
        .evaluateAll((rows) =>
          rows.map((row) => [row.querySelector('a')!.textContent!, row.querySelector('[data-testid="pdf-exports-book"]')!.textContent!]),
        );
      const contents = new Map(rows.map(([name, book]) => [name!.replace(/-\d{4}-.*$/, ''), book]));
      assert.equal(contents.get('export-sdk-1.0-en'), 'sdk · Version 1.0 · English');
      assert.equal(contents.get('export-sdk-current-en'), 'sdk · Version Next · English');
      assert.equal(contents.get('export-docs-current-en'), 'English', 'unversioned docs of the default instance: the language only');
    } finally {
      await context.close();
    }
  });
});
