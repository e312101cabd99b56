import type {Browser, Page} from 'puppeteer-core';

/**
 * What an export uses of a browser: tabs, and its version (for the print cache's keys). A
 * Chromium the server launched, or a context of its own in a browser service (browser-host.ts).
 */
export type ExportBrowser = Pick<Browser, 'newPage' | 'version'>;

// tsx (used to run the tests from source) wraps named functions in __name();
// functions serialized into a page need it defined there. Compiled code never calls it.
export const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((target) => target);';

/**
 * A tab set up for exports: the light theme whatever the visitor's preference,
 * focus emulated so a tab in the background renders like the front one,
 * `pageScript` in every document it loads (capture's page library, else the
 * name shim serialized functions need), and no service
 * worker: a site's worker (React Native's site has one) answers requests from
 * its own target, past the tab's request interception, so a book part would
 * load the site's "Page Not Found" instead, and the docs from its cache.
 */
export async function openExportPage(browser: ExportBrowser, viewportWidth = 1280, pageScript = NAME_SHIM): Promise<Page> {
  const page = await browser.newPage();
  await page.setBypassServiceWorker(true);
  await page.evaluateOnNewDocument(pageScript);
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

/** How long closing a tab may take: puppeteer's `close()` can wait for ever on a browser that went away. */
const CLOSE_PAGE_MS = 5000;

/** Closes a tab, ignoring a failure, and gives up waiting after CLOSE_PAGE_MS. */
export async function closePage(page: Page): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_PAGE_MS)));
  await Promise.race([page.close().catch(() => undefined), givenUp]);
  clearTimeout(timer);
}
