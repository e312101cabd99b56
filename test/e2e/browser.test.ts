import assert from 'node:assert/strict';
import {readFile, rm} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import {SIDEBAR_PAGE_COUNT} from '../helpers/example-docs';
import {SCREENSHOTS, siteInBrowser} from '../helpers/site-in-browser';

const EXPORT_TIMEOUT = 240_000;

describe('Export PDF button in a real browser', {timeout: 400_000}, () => {
  const site = siteInBrowser();

  it(
    'exports from the navbar with a progress bar, then a notice with the download and the exports page',
    {timeout: EXPORT_TIMEOUT},
    async () => {
      const context = await site.browser.newContext({acceptDownloads: true, viewport: {width: 1280, height: 800}});
      const page = await context.newPage();
      await page.goto(`${site.server.siteUrl}/docs/intro`);
      // Every value the progress bar takes, as the person would see it.
      await page.evaluate(() => {
        const seen: Array<{percent: number; text: string}> = [];
        (window as unknown as {progressSeen: typeof seen}).progressSeen = seen;
        new MutationObserver(() => {
          const bar = document.querySelector('[role="progressbar"]');
          if (!bar) return;
          const text = document.querySelector('[data-testid="export-pdf-progress"]')?.textContent ?? '';
          const percent = Number(bar.getAttribute('aria-valuenow'));
          if (seen.at(-1)?.text !== text) seen.push({percent, text});
        }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
      });
      const button = page.locator('.navbar').getByRole('button', {name: 'Export PDF'});
      await button.click();
      const busy = page.locator('.navbar').getByRole('button', {name: /^Exporting PDF… \d+%$/});
      await busy.waitFor();
      assert.equal(await busy.isDisabled(), true, 'the button is disabled while the export runs');
      await page.waitForFunction(
        () => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) > 0,
        undefined,
        {
          timeout: EXPORT_TIMEOUT,
        },
      );
      await page.screenshot({path: path.join(SCREENSHOTS, 'navbar-export-progress.png'), clip: {x: 640, y: 0, width: 640, height: 200}});
      const link = page.getByTestId('export-pdf-download');
      await link.waitFor({timeout: EXPORT_TIMEOUT});
      await page.screenshot({path: path.join(SCREENSHOTS, 'navbar-export-done.png')});
      const seen = await page.evaluate(() => (window as unknown as {progressSeen: Array<{percent: number; text: string}>}).progressSeen);
      assert.ok(seen.length >= 3, `several progress steps shown: ${JSON.stringify(seen)}`);
      const capturing = new RegExp(`Capturing pages: \\d+ of ${SIDEBAR_PAGE_COUNT}`);
      assert.ok(
        seen.some((step) => capturing.test(step.text)),
        JSON.stringify(seen),
      );
      // The part being printed counts from 1.
      assert.ok(!seen.some((step) => /part 0 of/.test(step.text)), JSON.stringify(seen));
      const percents = seen.map((step) => step.percent);
      assert.deepEqual(
        percents,
        [...percents].sort((a, b) => a - b),
        'the bar never goes back',
      );
      assert.equal(await page.getByTestId('export-pdf-progress').count(), 0, 'the progress panel is gone once done');
      assert.equal(await page.getByTestId('export-pdf-all-exports').getAttribute('href'), '/pdf-exports');
      const text = (await link.textContent()) ?? '';
      const fileName = /Download (export-[^ ]+\.pdf)/.exec(text)?.[1];
      assert.ok(fileName, `link names the file: ${text}`);
      assert.equal(await link.getAttribute('href'), `/${fileName}`);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.equal(download.suggestedFilename(), fileName);
      const saved = await readFile((await download.path())!);
      assert.equal(saved.subarray(0, 5).toString(), '%PDF-');
      assert.deepEqual(saved, await readFile(path.join(site.server.documentsDir, fileName)));
      await context.close();
    },
  );

  it('shows the button in the mobile menu', async () => {
    const context = await site.browser.newContext({viewport: {width: 390, height: 800}});
    const page = await context.newPage();
    await page.goto(`${site.server.siteUrl}/docs/intro`);
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

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`draws the navbar button and its mobile menu entry in the ${colorScheme} theme`, async () => {
      const context = await site.browser.newContext({colorScheme, viewport: {width: 1280, height: 800}});
      const page = await context.newPage();
      await page.goto(`${site.server.siteUrl}/docs/intro`);
      assert.equal(await page.locator('html').getAttribute('data-theme'), colorScheme);
      const button = page.locator('.navbar').getByRole('button', {name: 'Export PDF'});
      assert.equal(await button.isVisible(), true);
      const colors = await button.evaluate((element) => {
        const style = getComputedStyle(element);
        return {text: style.color, background: style.backgroundColor};
      });
      assert.notEqual(colors.text, colors.background, 'the label stands out from the button');
      await page.screenshot({path: path.join(SCREENSHOTS, `navbar-${colorScheme}.png`), clip: {x: 640, y: 0, width: 640, height: 80}});
      await page.setViewportSize({width: 390, height: 800});
      await page.getByRole('button', {name: /toggle navigation bar/i}).click();
      await page.getByRole('button', {name: /back to main menu/i}).click();
      await page
        .locator('.navbar-sidebar .menu__list-item')
        .filter({has: page.getByRole('button', {name: 'Export PDF'})})
        .waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({path: path.join(SCREENSHOTS, `mobile-menu-${colorScheme}.png`)});
      await context.close();
    });
  }

  it("shows the API's error text when the export fails", async () => {
    await rm(site.server.documentsDir, {recursive: true, force: true});
    const context = await site.browser.newContext({viewport: {width: 1280, height: 800}});
    const page = await context.newPage();
    await page.goto(`${site.server.siteUrl}/docs/intro`);
    await page.locator('.navbar').getByRole('button', {name: 'Export PDF'}).click();
    const error = page.getByTestId('export-pdf-error');
    await error.waitFor({timeout: 30_000});
    assert.match((await error.textContent()) ?? '', /Export failed:\s*ENOENT: no such file or directory/);
    await page.screenshot({path: path.join(SCREENSHOTS, 'navbar-export-error.png')});
    await context.close();
  });
});
