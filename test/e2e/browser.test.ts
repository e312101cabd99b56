import assert from 'node:assert/strict';
import {readFile, rm} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {chromium, type Browser} from 'playwright-core';
import {findChromium, sandboxArgs} from '../../server/chromium';
import {startServerEntry, type RunningEntry} from '../helpers/server-process';

const EXPORT_TIMEOUT = 240_000;
const SCREENSHOTS = path.join(__dirname, '..', '..', '.test-output');

describe('Export PDF button in a real browser', {timeout: 400_000}, () => {
  let server: RunningEntry;
  let browser: Browser;

  before(async () => {
    server = await startServerEntry('serve');
    browser = await chromium.launch({executablePath: findChromium(), args: sandboxArgs()});
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('exports from the navbar, shows the busy state, then a link that downloads the PDF', {timeout: EXPORT_TIMEOUT}, async () => {
    const context = await browser.newContext({acceptDownloads: true, viewport: {width: 1280, height: 800}});
    const page = await context.newPage();
    await page.goto(`${server.siteUrl}/docs/intro`);
    const button = page.locator('.navbar').getByRole('button', {name: 'Export PDF'});
    await button.click();
    const busy = page.locator('.navbar').getByRole('button', {name: 'Exporting PDF…'});
    await busy.waitFor();
    assert.equal(await busy.isDisabled(), true, 'the button is disabled while the export runs');
    const link = page.getByTestId('export-pdf-download');
    await link.waitFor({timeout: EXPORT_TIMEOUT});
    await page.screenshot({path: path.join(SCREENSHOTS, 'navbar-export-done.png')});
    const text = (await link.textContent()) ?? '';
    const fileName = /Download (export-[^ ]+\.pdf)/.exec(text)?.[1];
    assert.ok(fileName, `link names the file: ${text}`);
    assert.equal(await link.getAttribute('href'), `/${fileName}`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.equal(download.suggestedFilename(), fileName);
    const saved = await readFile((await download.path())!);
    assert.equal(saved.subarray(0, 5).toString(), '%PDF-');
    assert.deepEqual(saved, await readFile(path.join(server.documentsDir, fileName)));
    await context.close();
  });

  it('shows the button in the mobile menu', async () => {
    const context = await browser.newContext({viewport: {width: 390, height: 800}});
    const page = await context.newPage();
    await page.goto(`${server.siteUrl}/docs/intro`);
    assert.equal(await page.locator('.navbar__items--right').getByRole('button', {name: 'Export PDF'}).isVisible(), false);
    await page.getByRole('button', {name: /toggle navigation bar/i}).click();
    const item = page.locator('.navbar-sidebar .menu__list-item').filter({has: page.getByRole('button', {name: 'Export PDF'})});
    // On a docs page the mobile menu opens on the docs sidebar; the navbar items sit in the main menu.
    await page.getByRole('button', {name: /back to main menu/i}).click();
    await item.waitFor({state: 'visible'});
    assert.equal(await item.isVisible(), true);
    // The menu slides in; let it settle so the screenshot shows what a person sees.
    await page.waitForTimeout(500);
    await page.screenshot({path: path.join(SCREENSHOTS, 'mobile-menu.png')});
    await context.close();
  });

  it("shows the API's error text when the export fails", async () => {
    await rm(server.documentsDir, {recursive: true, force: true});
    const context = await browser.newContext({viewport: {width: 1280, height: 800}});
    const page = await context.newPage();
    await page.goto(`${server.siteUrl}/docs/intro`);
    await page.locator('.navbar').getByRole('button', {name: 'Export PDF'}).click();
    const error = page.getByTestId('export-pdf-error');
    await error.waitFor({timeout: 30_000});
    assert.match((await error.textContent()) ?? '', /Export failed:\s*ENOENT: no such file or directory/);
    await page.screenshot({path: path.join(SCREENSHOTS, 'navbar-export-error.png')});
    await context.close();
  });
});
