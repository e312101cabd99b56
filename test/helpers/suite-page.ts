import {mkdir} from 'node:fs/promises';
import {after, before} from 'node:test';
import type {Browser, Page} from 'puppeteer-core';
import {BrowserHost} from '../../server/export/native/shared/browser-host';
import {WORK_ROOT} from './processes';

/**
 * Opens one page in a warm browser of its own before the suite's tests and hands it to `opened`;
 * closes the page and the browser after them.
 */
export function pageForSuite(open: (browser: Browser) => Promise<Page>, opened: (page: Page) => void): void {
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
