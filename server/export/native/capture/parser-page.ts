import type {ExportBrowser} from '../shared/export-page';
import type {Page} from 'puppeteer-core';
import {PAGE_LIB_SCRIPT} from './page/page-lib';

/** A blank tab that only parses HTML handed to it: it loads and runs nothing but the page library. */
export async function openParserPage(browser: ExportBrowser): Promise<Page> {
  const page = await browser.newPage();
  await page.evaluate(PAGE_LIB_SCRIPT);
  return page;
}
