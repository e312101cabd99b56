import assert from 'node:assert/strict';
import {readFile, utimes, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import type {Page} from 'playwright-core';
import {TINY_PDF} from '../helpers/fixtures';
import {SCREENSHOTS, siteInBrowser} from '../helpers/site-in-browser';

const EXPORT_TIMEOUT = 120_000;

describe('exported PDFs page (/pdf-exports) in a real browser', {timeout: 300_000}, () => {
  const site = siteInBrowser();

  async function open(path = '/pdf-exports', width = 1280): Promise<Page> {
    const context = await site.browser.newContext({acceptDownloads: true, viewport: {width, height: 800}});
    const page = await context.newPage();
    await page.goto(`${site.server.siteUrl}${path}`);
    return page;
  }

  it('says so when nothing was exported yet', async () => {
    const page = await open();
    await page.getByTestId('pdf-exports-empty').waitFor();
    assert.match((await page.getByTestId('pdf-exports-empty').textContent()) ?? '', /No PDF has been exported yet/);
    assert.equal(await page.title(), 'Exported PDFs | Acme Widgets');
    await page.screenshot({path: path.join(SCREENSHOTS, 'exports-page-empty.png')});
    await page.context().close();
  });

  it('lists the PDFs newest first with size, date and a download link', async () => {
    const older = path.join(site.server.documentsDir, 'handbook 2025.pdf');
    const newer = path.join(site.server.documentsDir, 'release-notes.pdf');
    await writeFile(older, TINY_PDF);
    await writeFile(newer, Buffer.concat([TINY_PDF, Buffer.alloc(2 * 1024 * 1024)]));
    await utimes(older, new Date('2026-01-02T10:00:00Z'), new Date('2026-01-02T10:00:00Z'));
    await utimes(newer, new Date('2026-03-04T09:30:00Z'), new Date('2026-03-04T09:30:00Z'));
    const page = await open();
    const rows = page.getByTestId('pdf-exports-row');
    await rows.first().waitFor();
    const cells = await rows.evaluateAll((all) =>
      all.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim())),
    );
    assert.deepEqual(
      cells.map((row) => row.slice(0, 3)),
      [
        // Files put there by hand: no record of what they hold, so no contents.
        ['release-notes.pdf', '', '2.00 MB'],
        ['handbook 2025.pdf', '', '0.00 MB'],
      ],
    );
    assert.match(cells[0]![3]!, /2026/);
    assert.equal(await rows.nth(1).locator('time').getAttribute('datetime'), '2026-01-02T10:00:00.000Z');
    const download = rows.nth(1).getByRole('link', {name: 'Download'});
    assert.equal(await download.getAttribute('href'), '/handbook%202025.pdf');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.equal(file.suggestedFilename(), 'handbook 2025.pdf');
    assert.deepEqual(await readFile((await file.path())!), TINY_PDF);
    await page.context().close();
  });

  it('exports from its own Export button and shows the new PDF at the top', {timeout: EXPORT_TIMEOUT}, async () => {
    const page = await open();
    await page.getByTestId('pdf-exports-row').first().waitFor();
    await page.locator('main').getByRole('button', {name: 'Export PDF'}).click();
    await page.getByTestId('export-pdf-download').waitFor({timeout: EXPORT_TIMEOUT});
    const fileName = /Download (export-[^ ]+\.pdf)/.exec((await page.getByTestId('export-pdf-download').textContent()) ?? '')?.[1];
    assert.ok(fileName);
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="pdf-exports-row"] td')?.textContent?.trim() === name,
      fileName,
      {timeout: 10_000},
    );
    assert.equal(await page.getByTestId('pdf-exports-row').count(), 3);
    assert.equal(await page.getByTestId('export-pdf-all-exports').count(), 0, 'no link to the page it is on');
    await page.locator('main').getByRole('button', {name: 'Close'}).click();
    await page.screenshot({path: path.join(SCREENSHOTS, 'exports-page.png'), fullPage: true});
    await page.context().close();
  });

  it('shows an error, not an empty list, when the API cannot be reached', async () => {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 800}});
    const page = await context.newPage();
    await page.route('**/pdf-files', (route) => route.abort('connectionrefused'));
    await page.goto(`${site.server.siteUrl}/pdf-exports`);
    const error = page.getByTestId('pdf-exports-error');
    await error.waitFor();
    assert.match((await error.textContent()) ?? '', /could not be listed: Cannot reach the export API at http:\/\/127\.0\.0\.1:\d+/);
    assert.equal(await page.getByTestId('pdf-exports-empty').count(), 0);
    await page.screenshot({path: path.join(SCREENSHOTS, 'exports-page-api-down.png')});
    await context.close();
  });

  it('is reachable from the notice after a navbar export, on a narrow screen too', {timeout: EXPORT_TIMEOUT}, async () => {
    const page = await open('/docs/intro', 1280);
    await page.locator('.navbar').getByRole('button', {name: 'Export PDF'}).click();
    const all = page.getByTestId('export-pdf-all-exports');
    await all.waitFor({timeout: EXPORT_TIMEOUT});
    await all.click();
    await page.waitForURL('**/pdf-exports');
    await page.getByTestId('pdf-exports-row').first().waitFor();
    await page.setViewportSize({width: 390, height: 800});
    await page.screenshot({path: path.join(SCREENSHOTS, 'exports-page-mobile.png'), fullPage: true});
    await page.context().close();
  });
});
