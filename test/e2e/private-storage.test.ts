import assert from 'node:assert/strict';
import type {Server} from 'node:http';
import {after, before, describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {PAGE_LIB_SCRIPT} from '../../server/export/native/capture/page/page-lib';
import {closeServer, freePort, listen} from '../../server/listen';
import {openExportPage} from '../../server/export/native/shared/export-page';
import {pageForSuite} from '../helpers/suite-page';

/** A page that keeps a tab group's choice in localStorage and follows changes to it, as Docusaurus' Tabs do. */
const PAGE = `<!doctype html><html><body><p id="choice"></p><script>
const show = () => (document.getElementById('choice').textContent = localStorage.getItem('docusaurus.tab.lang') ?? 'none');
window.addEventListener('storage', show);
show();
</script></body></html>`;

// A capture tab's page library (capture/page/private-storage.ts): two tabs of one browser, on one site.
describe('localStorage and sessionStorage in capture tabs', {timeout: 60_000}, () => {
  let server: Server;
  let url: string;
  let first: Page;
  let second: Page;
  before(async () => {
    const port = await freePort();
    server = await listen(
      (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(PAGE),
      port,
      '127.0.0.1',
      'page',
    );
    url = `http://127.0.0.1:${port}/docs/a`;
  });
  pageForSuite(
    async (browser) => {
      second = await openExportPage(browser, 900, PAGE_LIB_SCRIPT);
      return openExportPage(browser, 900, PAGE_LIB_SCRIPT);
    },
    (page) => (first = page),
  );
  // The suite's browser is closed by then, the second page with it.
  after(() => closeServer(server));

  it('keeps what one tab stores from the other, now and at its next load', async () => {
    await first.goto(url);
    await second.goto(url);
    await first.evaluate(() => localStorage.setItem('docusaurus.tab.lang', 'php'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(await second.$eval('#choice', (element) => element.textContent), 'none', 'no storage event reached the other tab');
    assert.equal(await second.evaluate(() => localStorage.getItem('docusaurus.tab.lang')), null);
    assert.equal(await first.evaluate(() => localStorage.getItem('docusaurus.tab.lang')), 'php', 'the tab keeps its own');
    await second.reload();
    assert.equal(await second.$eval('#choice', (element) => element.textContent), 'none');
  });

  it('starts each load of a tab afresh, with only what the export page sets (the light theme)', async () => {
    await first.reload();
    assert.equal(await first.evaluate(() => localStorage.getItem('docusaurus.tab.lang')), null);
    assert.equal(await first.$eval('#choice', (element) => element.textContent), 'none');
    assert.equal(await first.evaluate(() => localStorage.getItem('theme')), 'light');
  });

  it('reads the light theme under a namespaced key (Docusaurus future.v4), until the page stores another', async () => {
    await first.reload();
    assert.deepEqual(
      await first.evaluate(() => [
        localStorage.getItem('theme-ea7'),
        localStorage.getItem('themes'),
        localStorage.getItem('docs-preferred-version'),
      ]),
      ['light', null, null],
    );
    await first.evaluate(() => localStorage.setItem('theme-ea7', 'dark'));
    assert.equal(await first.evaluate(() => localStorage.getItem('theme-ea7')), 'dark');
  });

  it('keeps sessionStorage to each page too, and starts both afresh before the router shows the next page', async () => {
    // The OpenAPI theme keeps the chosen server in sessionStorage: the next page of the tab must not print with it.
    await first.evaluate(() => {
      sessionStorage.setItem('server', '{"url":"https://other-api.example.com"}');
      localStorage.setItem('docusaurus.tab.lang', 'go');
    });
    assert.equal(await second.evaluate(() => sessionStorage.getItem('server')), null, 'not in the other tab');
    // As capture-chapters.ts does before each route change.
    await first.evaluate(() => {
      window.__exportPdfLib!.privateStorage();
      localStorage.setItem('theme', 'light');
    });
    assert.deepEqual(
      await first.evaluate(() => [
        sessionStorage.getItem('server'),
        localStorage.getItem('docusaurus.tab.lang'),
        localStorage.getItem('theme'),
      ]),
      [null, null, 'light'],
    );
  });
});
