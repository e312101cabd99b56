import type {Browser, PDFOptions} from 'puppeteer-core';
import {openExportPage} from './export-page';

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
  prepare?: (page: import('puppeteer-core').Page) => Promise<void>;
};

/**
 * Prints one HTML document to PDF in a fresh tab. The document is answered
 * from memory at a URL on the site's origin, so relative URLs, web fonts and
 * the browser's cache behave as on the site; nothing else is intercepted.
 */
export async function printPart(browser: Browser, request: PrintRequest): Promise<Uint8Array> {
  const page = await openExportPage(browser, Math.floor(request.layoutWidth));
  try {
    const token = `${process.pid}-${++partCounter}`;
    const url = `${request.origin}/__docusaurus-export-pdf/part-${token}.html`;
    const html = request.html.replace(/<html\b/i, `<html data-export-pdf-part="${token}"`);
    const session = await page.createCDPSession();
    await session.send('Fetch.enable', {patterns: [{urlPattern: url, requestStage: 'Request'}]});
    session.on('Fetch.requestPaused', (event) => {
      void session
        .send('Fetch.fulfillRequest', {
          requestId: event.requestId,
          responseCode: 200,
          responseHeaders: [{name: 'Content-Type', value: 'text/html; charset=utf-8'}],
          body: Buffer.from(html).toString('base64'),
        })
        .catch(() => undefined);
    });
    await page.emulateMediaType('print');
    const response = await page.goto(url, {waitUntil: 'domcontentloaded', timeout: 0});
    // Anything but the document handed over (the site's 404 page) must fail the export, never print.
    if (response?.status() !== 200 || (await page.evaluate(() => document.documentElement.dataset.exportPdfPart)) !== token) {
      throw new Error(`the book part did not load: ${url} answered ${response?.status() ?? 'nothing'} with another document`);
    }
    await request.prepare?.(page);
    return await page.pdf({...request.pdf, timeout: 0});
  } finally {
    await page.close().catch(() => undefined);
  }
}
