import type {Browser, Page} from 'puppeteer-core';
import {PAGE_LIB_SCRIPT} from './page/page-lib';

/**
 * A tab set up for exports: the light theme whatever the visitor's preference,
 * focus emulated so a tab in the background renders like the front one, the
 * page library (page/page-lib.ts) in every document it loads, and no service
 * worker: a site's worker (React Native's site has one) answers requests from
 * its own target, past the tab's request interception, so a book part would
 * load the site's "Page Not Found" instead, and the docs from its cache.
 */
export async function openExportPage(browser: Browser, viewportWidth = 1280): Promise<Page> {
  const page = await browser.newPage();
  await page.setBypassServiceWorker(true);
  await page.evaluateOnNewDocument(PAGE_LIB_SCRIPT);
  await page.evaluateOnNewDocument(() => {
    try {
      window.localStorage.setItem('theme', 'light');
    } catch {
      // Storage is unavailable on about:blank; the theme then follows the media feature.
    }
  });
  await page.emulateMediaFeatures([{name: 'prefers-color-scheme', value: 'light'}]);
  await page.setViewport({width: viewportWidth, height: 1000});
  const session = await page.createCDPSession();
  await session.send('Emulation.setFocusEmulationEnabled', {enabled: true});
  return page;
}

/** A blank tab that only parses HTML handed to it: it loads and runs nothing but the page library. */
export async function openParserPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.evaluate(PAGE_LIB_SCRIPT);
  return page;
}
