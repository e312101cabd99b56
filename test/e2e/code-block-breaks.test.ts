import assert from 'node:assert/strict';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {BOOK_CSS} from '../../server/export/native/assemble/book-css';
import {pdfText} from '../helpers/pdf';
import {WORK_ROOT} from '../helpers/processes';
import {blankPageForSuite} from '../helpers/suite-page';

/**
 * A playground as Ionic's docs print it: a toolbar and a preview of two demo lines, then its file
 * tabs in a clipped, rounded box (the tab label, then the code, floated as Docusaurus floats a
 * code block's lines). Line heights are fixed, so only where the page breaks varies.
 */
const SITE_CSS = `
pre { padding: 1rem; overflow: auto; }
p { margin: 0 0 1.25rem; }
code, pre { font-family: ui-monospace, "Liberation Mono", monospace; font-size: 1em; }
pre[class*="language-"] { white-space: pre; line-height: 1.5; }
.markdown pre code { font-size: 0.813rem; }
.markdown p { font-size: 1rem; line-height: 200%; }
.markdown .tabs-container { line-height: 200%; }
.tabs-container > div { margin-block-start: 0.75rem !important; }
figure { margin: 0; }
.callout p { padding: 8px 16px; }
.callout-title { padding: 12px 16px; font-weight: 600; }
.playground__preview { justify-content: center; align-items: center; margin: 18px 0; padding: 16px 0; display: flex; position: relative; overflow: auto; }
.playground__toolbar { align-items: center; padding: 8px 12px; display: flex; overflow-x: auto; }
.playground__group { min-height: 24px; display: flex; }
.playground .tabs-container { border-radius: 16px; overflow: hidden; }
.codeBlockLines { font: inherit; float: left; min-width: 100%; padding: 1rem; }`;

/** A chapter whose playground starts `above` px down the page, its code `lines` long. */
function chapter(above: number, lines: number): string {
  const code = Array.from(
    {length: lines},
    (_, index) => `<span class="token-line">  &lt;ion-item&gt;Item ${index + 1}&lt;/ion-item&gt;</span><br>`,
  );
  return `<section class="export-pdf-chapter"><article><div class="theme-doc-markdown markdown">
    <div style="height:${above}px"></div>
    <figure class="callout"><figcaption><div class="callout-title">Don't</div><p>Don't render visuals with different alignments in the same list.</p></figcaption></figure>
    <p>The example below makes two lists that support visuals. The first list uses icons, the second avatars. The visuals are decorative, so each sets aria-hidden, and both go in the start slot.</p>
    <div class="playground"><div class="playground__container"><div class="playground__toolbar"><div class="playground__group" style="break-inside:avoid"></div></div>
      <div class="playground__preview"><p class="export-pdf-embed" style="break-inside:avoid">Embedded content: https://acme.example/demos/list/demo.html?mode=ios</p>
      <p class="export-pdf-embed" style="break-inside:avoid">Embedded content: https://acme.example/demos/list/demo.html?mode=md</p></div></div>
    <div class="playground__code-block"><div class="tabs-container"><div class="tabs-nav"></div>
      <div class="export-pdf-tab-label">src/app/example.component.html</div>
      <pre class="prism-code language-html"><code class="codeBlockLines">${code.join('')}</code></pre></div></div></div>
  </div></article></section>`;
}

// How the book's CSS (assemble/book-css.ts) lets code blocks break across pages, in a real Chromium.
describe('code blocks across page breaks', {timeout: 60_000}, () => {
  let page: Page;
  blankPageForSuite((opened) => (page = opened));

  it('leaves no page blank before a code block nearly a page tall, wherever the page breaks', async () => {
    // Code of 44 to 46 lines (about a page with its label), each playground a little further down
    // its first page. Floated, the code that fitted a page but not what was left of one moved on
    // with its label, and left the page the file tabs started on blank (Ionic's ion-item, in
    // Japanese): 5 of these 150 chapters did.
    const chapters = [44, 45, 46].flatMap((lines) => Array.from({length: 50}, (_, step) => chapter(300 + step * 6, lines)));
    await page.setViewport({width: 698, height: 900});
    await page.setContent(
      `<!doctype html><html><head><style>${SITE_CSS}</style><style>${BOOK_CSS}</style></head><body>${chapters.join('')}</body></html>`,
    );
    const file = path.join(WORK_ROOT, 'code-block-breaks.pdf');
    await writeFile(
      file,
      await page.pdf({format: 'A4', printBackground: true, margin: {top: '64px', bottom: '64px', left: '48px', right: '48px'}}),
    );
    const pages = (await pdfText(file)).split('\f').slice(0, -1);
    const blank = pages.flatMap((text, index) => (text.trim() === '' ? [index + 1] : []));
    assert.deepEqual(blank, [], `${blank.length} of ${pages.length} pages blank`);
    // Every line of every code block printed once.
    const printed = pages.join('\n').match(/<ion-item>Item \d+<\/ion-item>/g) ?? [];
    assert.equal(printed.length, 50 * (44 + 45 + 46));
  });
});
