import type {Browser, Page} from 'puppeteer-core';

// tsx (used to run the tests from source) wraps named functions in __name();
// functions serialized into the page need it defined there. Compiled code never calls it.
const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((target) => target);';

/**
 * A tab set up for exports: the light theme whatever the visitor's preference,
 * and focus emulated so a tab in the background renders like the front one.
 */
export async function openExportPage(browser: Browser, viewportWidth = 1280): Promise<Page> {
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(NAME_SHIM);
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

/** A blank tab that only parses HTML handed to it: it loads and runs nothing. */
export async function openParserPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.evaluate(NAME_SHIM);
  return page;
}
