import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdir} from 'node:fs/promises';
import type {IncomingMessage, Server, ServerResponse} from 'node:http';
import {after, before, describe, it} from 'node:test';
import type {Browser} from 'puppeteer-core';
import {BrowserHost} from '../../server/export/native/shared/browser-host';
import {readPart} from '../../server/export/native/shared/pdf-part';
import {printPart} from '../../server/export/native/shared/print-part';
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
    browser = await host.acquire();
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

  it("prints the document handed over, although the site's service worker would fetch the URL from the site", async () => {
    const bytes = await printPart(browser, request('<!doctype html><html><body><h1>Part text</h1></body></html>'));
    assert.equal((await readPart(bytes)).pageCount, 1);
    const text = execFileSync('pdftotext', ['-', '-'], {input: bytes}).toString();
    assert.match(text, /Part text/);
    assert.doesNotMatch(text, /Page Not Found/);
  });

  it('fails rather than print a document that is not the part', async () => {
    await assert.rejects(printPart(browser, request('<p>no html element to mark</p>')), /the book part did not load/);
  });
});
