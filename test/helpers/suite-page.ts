import {mkdir} from 'node:fs/promises';
import {after, before} from 'node:test';
import type {Page} from 'puppeteer-core';
import {BrowserHost} from '../../server/export/native/shared/browser-host';
import {NAME_SHIM, openExportPage, type ExportBrowser} from '../../server/export/native/shared/export-page';
import {WORK_ROOT} from './processes';

/**
 * Opens one page in a warm browser of its own before the suite's tests and hands it to `opened`;
 * closes the page and the browser after them.
 */
export function pageForSuite(open: (browser: ExportBrowser) => Promise<Page>, opened: (page: Page) => void): void {
  const host = new BrowserHost({workRoot: WORK_ROOT, log: () => undefined});
  let page: Page | undefined;
  before(async () => {
    await mkdir(WORK_ROOT, {recursive: true});
    page = await open(await host.acquire());
    opened(page);
  });
  after(async () => {
    await page?.close();
    await host.close();
  });
}

/** pageForSuite with a blank export page, for tests that set its content themselves. */
export function blankPageForSuite(opened: (page: Page) => void): void {
  pageForSuite(async (browser) => {
    const blank = await openExportPage(browser);
    // setContent keeps the blank document, which no new-document script reached.
    await blank.evaluate(NAME_SHIM);
    return blank;
  }, opened);
}
