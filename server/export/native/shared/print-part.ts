import type {CDPSession, Page, PDFOptions} from 'puppeteer-core';
import {CJK_FAMILIES, nameCjkFamilies} from './cjk-families';
import type {PrintTabs} from './print-tabs';

let partCounter = 0;

export type PrintRequest = {
  /** Origin of the site: the part is served from it, so its CSS, fonts and images load as same-site. */
  origin: string;
  /** The whole HTML document. */
  html: string;
  pdf: PDFOptions;
  /** Width of the page's text area in CSS px: the part is laid out at it, in print media, before `prepare` measures it. */
  layoutWidth: number;
  /** Runs in the loaded part before printing (link rewriting, waiting for images, fitting). */
  prepare?: (page: Page) => Promise<void>;
};

/** What a print tab answers at the part's URL: the document of the print it is running. */
type PartServer = {session: CDPSession; url?: string; body?: string};
const servers = new WeakMap<Page, PartServer>();

/** The tab answers `url` with `html` from memory, in print media, from now until its next print. */
async function serveFromMemory(page: Page, url: string, html: string): Promise<void> {
  let server = servers.get(page);
  if (!server) {
    const session = await page.createCDPSession();
    const created: PartServer = {session};
    session.on('Fetch.requestPaused', (event) => {
      const answer =
        event.request.url === created.url
          ? session.send('Fetch.fulfillRequest', {
              requestId: event.requestId,
              responseCode: 200,
              responseHeaders: [{name: 'Content-Type', value: 'text/html; charset=utf-8'}],
              body: created.body!,
            })
          : session.send('Fetch.continueRequest', {requestId: event.requestId});
      void answer.catch(() => undefined);
    });
    await page.emulateMediaType('print');
    servers.set(page, (server = created));
  }
  server.url = url;
  server.body = Buffer.from(html).toString('base64');
  await server.session.send('Fetch.enable', {patterns: [{urlPattern: url, requestStage: 'Request'}]});
}

/** The document was answered: the tab keeps no copy of it (up to a few MB) until its next print. */
function forgetServed(page: Page): void {
  const server = servers.get(page);
  if (server) server.body = server.url = undefined;
}

/**
 * Chromium prints a made-up bold as Type 3 glyphs, whose text reads apart from the words beside
 * it (a heading "Go 模块"): in every part (content, TOC, cover, overlay), bold comes from a real
 * bold face or the text keeps its weight. No Chinese TrueType font has one (print-fontconfig.ts).
 */
const NO_MADE_UP_BOLD = '* { font-synthesis-weight: none !important; }';

/**
 * Prints one HTML document to PDF in one of the export's print tabs. The
 * document is answered from memory at a URL on the site's origin, so relative
 * URLs, web fonts and the browser's cache behave as on the site; nothing else
 * is intercepted.
 */
export function printPart(tabs: PrintTabs, request: PrintRequest): Promise<Uint8Array> {
  const weigh = (pdf: Uint8Array) => Math.max(request.html.length, pdf.length);
  return tabs.use(
    Math.floor(request.layoutWidth),
    async (page) => {
      const token = `${process.pid}-${++partCounter}`;
      const url = `${request.origin}/__docusaurus-export-pdf/part-${token}.html`;
      await serveFromMemory(page, url, request.html.replace(/<html\b/i, `<html data-export-pdf-part="${token}"`));
      const response = await page.goto(url, {waitUntil: 'domcontentloaded', timeout: 0});
      forgetServed(page);
      // Anything but the document handed over (the site's 404 page) must fail the export, never print.
      if (response?.status() !== 200 || (await page.evaluate(() => document.documentElement.dataset.exportPdfPart)) !== token) {
        throw new Error(`the book part did not load: ${url} answered ${response?.status() ?? 'nothing'} with another document`);
      }
      await page.addStyleTag({content: NO_MADE_UP_BOLD});
      await page.evaluate(nameCjkFamilies, CJK_FAMILIES);
      await request.prepare?.(page);
      return await page.pdf({...request.pdf, timeout: 0});
    },
    weigh,
    request.html.length,
  );
}
