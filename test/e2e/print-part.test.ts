import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdir} from 'node:fs/promises';
import type {IncomingMessage, Server, ServerResponse} from 'node:http';
import {after, before, describe, it} from 'node:test';
import type {Browser, Target} from 'puppeteer-core';
import {BrowserHost} from '../../server/export/native/shared/browser-host';
import {readPart} from '../../server/export/native/shared/pdf-part';
import {printPart} from '../../server/export/native/shared/print-part';
import {PrintTabs} from '../../server/export/native/shared/print-tabs';
import {closeServer, freePort, listen} from '../../server/listen';
import {WORK_ROOT} from '../helpers/processes';

/** A site with a service worker that fetches every request from the network, where unknown paths are "Page Not Found". */
function siteWithServiceWorker(request: IncomingMessage, response: ServerResponse): void {
  if (request.url === '/sw.js') {
    response.writeHead(200, {'Content-Type': 'text/javascript'});
    response.end(
      "self.addEventListener('install', () => self.skipWaiting()); self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim())); self.addEventListener('fetch', (e) => e.respondWith(fetch(e.request)));",
    );
  } else if (request.url === '/') {
    response.writeHead(200, {'Content-Type': 'text/html'});
    response.end("<!doctype html><html><body><script>navigator.serviceWorker.register('/sw.js')</script></body></html>");
  } else {
    response.writeHead(404, {'Content-Type': 'text/html'});
    response.end('<!doctype html><html><body><h1>Page Not Found</h1></body></html>');
  }
}

describe('printing a book part', {timeout: 120_000}, () => {
  const host = new BrowserHost({workRoot: WORK_ROOT, log: () => undefined});
  let site: Server;
  let origin: string;
  let browser: Browser;

  before(async () => {
    await mkdir(WORK_ROOT, {recursive: true});
    const port = await freePort();
    site = await listen(siteWithServiceWorker, port, '127.0.0.1', 'site');
    origin = `http://127.0.0.1:${port}`;
    // The host launched this Chromium: what it hands out is the Browser itself.
    browser = (await host.acquire()) as Browser;
    // A visitor's tab installs the worker, as a capture tab does on a site that has one.
    const visitor = await browser.newPage();
    await visitor.goto(`${origin}/`);
    await visitor.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await visitor.close();
  });
  after(async () => {
    await host.close();
    site.closeAllConnections();
    await closeServer(site);
  });

  const request = (html: string) => ({origin, html, pdf: {format: 'A4' as const}, layoutWidth: 700});

  const textOf = (bytes: Uint8Array) => execFileSync('pdftotext', ['-', '-'], {input: bytes}).toString();
  const part = (text: string) => request(`<!doctype html><html><body><h1>${text}</h1></body></html>`);

  it("prints the document handed over, although the site's service worker would fetch the URL from the site", async () => {
    const tabs = new PrintTabs(browser);
    const bytes = await printPart(tabs, part('Part text'));
    await tabs.close();
    assert.equal((await readPart(bytes)).pageCount, 1);
    assert.match(textOf(bytes), /Part text/);
    assert.doesNotMatch(textOf(bytes), /Page Not Found/);
  });

  it('fails rather than print a document that is not the part', async () => {
    const tabs = new PrintTabs(browser);
    await assert.rejects(printPart(tabs, request('<p>no html element to mark</p>')), /the book part did not load/);
    assert.equal((await browser.pages()).length, 0, 'the tab of a failed print is closed, not kept for the next');
    await tabs.close();
  });

  it('prints document after document in a tab opened ahead, each only itself, and replaces the tab after printsPerTab', async () => {
    const tabs = new PrintTabs(browser, {prints: 3});
    let opened = 0;
    const count = (target: Target) => void (opened += target.type() === 'page' ? 1 : 0);
    browser.on('targetcreated', count);
    tabs.openAhead(1, 700);
    const widths: number[] = [];
    const texts: string[] = [];
    const openedAfter: number[] = [];
    for (const name of ['First', 'Second', 'Third', 'Fourth']) {
      const bytes = await printPart(tabs, {
        ...part(`${name} part`),
        // A width of its own for one of them: the tab is laid out again at it.
        layoutWidth: name === 'Second' ? 500 : 700,
        prepare: async (page) => void widths.push(await page.evaluate(() => window.innerWidth)),
      });
      texts.push(textOf(bytes).trim());
      openedAfter.push(opened);
    }
    browser.off('targetcreated', count);
    assert.deepEqual(texts, ['First part', 'Second part', 'Third part', 'Fourth part']);
    assert.deepEqual(widths, [700, 500, 700, 700]);
    assert.equal(opened, 2, 'three prints in the tab opened ahead, the fourth in a second');
    assert.deepEqual(openedAfter, [1, 1, 2, 2], 'the second tab opened while the first printed its last');
    assert.equal((await browser.pages()).length, 1, 'the first tab closed after its third print');
    await tabs.close();
    assert.equal((await browser.pages()).length, 0);
  });

  it('gives a document heavier than the weight per tab a tab of its own, and then a fresh one', async () => {
    const tabs = new PrintTabs(browser, {weight: 100_000});
    let opened = 0;
    const count = (target: Target) => void (opened += target.type() === 'page' ? 1 : 0);
    browser.on('targetcreated', count);
    await printPart(tabs, part('Light'));
    await printPart(tabs, part(`Heavy ${'word '.repeat(25_000)}`));
    assert.equal(opened, 2, 'the fresh tab opened while the heavy document printed');
    await printPart(tabs, part('Light again'));
    browser.off('targetcreated', count);
    await tabs.close();
    assert.equal(opened, 2, 'the light and heavy documents in one tab, closed after it; the next in a fresh one');
  });

  it('keeps one of the idle tabs open when asked, and prints on in it', async () => {
    const tabs = new PrintTabs(browser);
    const pages = async () => (await browser.pages()).length;
    const before = await pages();
    await Promise.all([printPart(tabs, part('One')), printPart(tabs, part('Two'))]);
    assert.equal(await pages(), before + 2, 'two documents printed at once, in two tabs');
    await tabs.keepIdle(1);
    assert.equal(await pages(), before + 1);
    assert.match(textOf(await printPart(tabs, part('Three'))), /Three/);
    assert.equal(await pages(), before + 1, 'printed in the tab kept');
    await tabs.close();
    assert.equal(await pages(), before);
  });
});
