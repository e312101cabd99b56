import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {turnWideDiagrams} from '../../server/export/native/render/page/turned-diagrams';
import {blankPageForSuite} from '../helpers/suite-page';

/** A page whose text area is 703 × 1000 CSS px, as the example book's A4 pages are about. */
const BOX = {width: 703, height: 1000};
const PDF = {width: `${BOX.width}px`, height: `${BOX.height}px`, margin: {top: 0, right: 0, bottom: 0, left: 0}};

/** A diagram as Mermaid draws it: a viewBox, its drawn width as the max-width, labels of `font` px in foreignObjects. */
function diagram(width: number, height: number, labels: string[], font = 16): string {
  const objects = labels
    .map(
      (label, index) =>
        `<foreignObject x="${10 + index * 200}" y="10" width="190" height="40"><div style="font-size:${font}px">${label}</div></foreignObject>`,
    )
    .join('');
  return `<div class="docusaurus-mermaid-container"><svg width="100%" viewBox="0 0 ${width} ${height}" style="max-width: min(100%, ${width}px)">${objects}</svg></div>`;
}

const chapter = (body: string) =>
  `<html><head><style>body{margin:0} svg{display:block;max-width:100%;height:auto}</style></head><body><section class="export-pdf-chapter"><div class="markdown">${body}</div></section></body></html>`;

/** Sizes (pt) and angles of the text a PDF draws, read with pdfjs. */
async function printedText(pdf: Uint8Array): Promise<Array<{str: string; size: number; turned: boolean; page: number; y: number}>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({data: pdf}).promise;
  const items: Array<{str: string; size: number; turned: boolean; page: number; y: number}> = [];
  for (let index = 1; index <= document.numPages; index++) {
    const content = await (await document.getPage(index)).getTextContent();
    for (const item of content.items as Array<{str: string; transform: number[]}>) {
      if (!item.str.trim()) continue;
      const [a, b, c, d] = item.transform;
      items.push({str: item.str, size: Math.hypot(c!, d!), turned: Math.abs(b!) > Math.abs(a!), page: index, y: item.transform[5]!});
    }
  }
  return items;
}

describe('diagrams turned sideways', {timeout: 60_000}, () => {
  let page: Page;
  blankPageForSuite((opened) => (page = opened));

  it('turns a wide diagram whose labels the text width shrinks under 6 pt onto a page of its own, its heading with it', async () => {
    // Parts are laid out at the text width (shared/print-part.ts).
    await page.setViewport(BOX);
    await page.setContent(
      chapter(`<p>Before</p><h2>The flow</h2>${diagram(1750, 272, ['Producer calls add()', 'Delayed set', 'Worker claims'])}<p>After</p>`),
    );
    const result = await page.evaluate(turnWideDiagrams, {...BOX, minTextPx: 8, maxPages: 4});
    assert.deepEqual(result, {
      turned: [{name: 'Producer calls add() · Delayed set · Worker clai', pages: 1}],
      rows: [],
      enlarged: [],
      small: [],
    });
    const text = await printedText(await page.pdf(PDF));
    const labels = text.filter((item) => /Producer|Delayed|Worker/.test(item.str));
    assert.equal(labels.length, 3);
    for (const label of labels) {
      assert.ok(label.turned, `${label.str} is drawn sideways`);
      // 16 px labels at (1000 px less the heading) / 1750 of their drawn size: about 6.4 pt (across the page, 4.8 pt).
      assert.ok(label.size >= 6 && label.size <= 6.9, `${label.str}: ${label.size} pt`);
    }
    const pageOf = (pattern: RegExp) => text.find((item) => pattern.test(item.str))!.page;
    assert.deepEqual([pageOf(/Before/), pageOf(/The flow/), labels[0]!.page, pageOf(/After/)], [1, 2, 2, 3]);
  });

  it('leaves alone a diagram legible across the page, and names one that turning would not make larger', async () => {
    await page.setViewport(BOX);
    // 5 px labels on a drawing 700 px wide and 5,000 px tall: turned, it would take 8 pages side by side.
    await page.setContent(chapter(`${diagram(600, 300, ['Small and legible'])}${diagram(700, 5000, ['A long ladder'], 5)}`));
    const result = await page.evaluate(turnWideDiagrams, {...BOX, minTextPx: 8, maxPages: 4});
    assert.deepEqual(result, {turned: [], rows: [], enlarged: [], small: ['A long ladder']});
    assert.equal(await page.evaluate(() => document.querySelectorAll('.export-pdf-turned').length), 0);
  });

  it('enlarges in place, just enough, a diagram the site itself draws with labels under 6 pt', async () => {
    await page.setViewport(BOX);
    // 400 px wide at the site, edge labels of 6 px (4.5 pt): 8.16 / 6 times larger, 544 px wide, fits across the page.
    await page.setContent(chapter(`<p>Before</p>${diagram(400, 200, ['Tiny edge label'], 6)}<p>After</p>`));
    const result = await page.evaluate(turnWideDiagrams, {...BOX, minTextPx: 8, maxPages: 4});
    assert.deepEqual(result, {turned: [], rows: [], enlarged: ['Tiny edge label'], small: []});
    const width = await page.evaluate(() => document.querySelector('svg')!.getBoundingClientRect().width);
    assert.ok(Math.abs(width - 544) < 1, `${width} px`);
    const label = (await printedText(await page.pdf(PDF))).find((item) => item.str === 'Tiny edge label')!;
    assert.ok(!label.turned && label.size >= 6 && label.size < 6.3, `${label.size} pt`);
  });

  it('cuts a diagram too tall to turn onto one page across pages side by side, each label printed once', async () => {
    await page.setViewport(BOX);
    // Labels down the drawing's height, which the turned pages run across: top, middle and bottom.
    const labels = ['Failed attempt', 'Retries left?', 'Move to dead-letter']
      .map(
        (label, index) =>
          `<foreignObject x="900" y="${20 + index * 1100}" width="400" height="40"><div style="font-size:16px">${label}</div></foreignObject>`,
      )
      .join('');
    await page.setContent(
      chapter(
        `<p>Before</p><div class="docusaurus-mermaid-container"><svg width="100%" viewBox="0 0 1972 2344" style="max-width: min(100%, 1972px)"><rect width="1972" height="2344" fill="#eef"/>${labels}</svg></div><p>After</p>`,
      ),
    );
    const result = await page.evaluate(turnWideDiagrams, {...BOX, minTextPx: 8, maxPages: 4});
    assert.deepEqual(result, {
      turned: [{name: 'Failed attempt · Retries left? · Move to dead-le', pages: 2}],
      rows: [],
      enlarged: [],
      small: [],
    });
    const text = await printedText(await page.pdf(PDF));
    const printed = text.filter((item) => /Failed|Retries|dead-letter/.test(item.str));
    assert.deepEqual(
      printed.map((item) => [item.str, item.page]),
      [
        ['Failed attempt', 2],
        ['Retries left?', 2],
        ['Move to dead-letter', 3],
      ],
    );
    // 16 px labels at 992 / 1972 of their size: 8 px, 6 pt (at the text width, 4.3 pt).
    for (const item of printed) assert.ok(item.turned && item.size >= 6, `${item.str}: ${item.size} pt`);
    assert.equal(text.find((item) => item.str === 'After')!.page, 4);
  });

  it('cuts upright into rows a chain longer than a page even turned, each label printed once', async () => {
    await page.setViewport(BOX);
    // 3,000 × 300 px: turned, at 992 / 3000 of its size its 16 px labels would be 5.3 px; in rows at 8.16 px, 1,530 px long.
    const labels = [
      [100, 'First step'],
      [1300, 'Middle step'],
      [2800, 'Last step'],
    ]
      .map(
        ([x, label]) =>
          `<foreignObject x="${x}" y="100" width="180" height="40"><div style="font-size:16px">${label}</div></foreignObject>`,
      )
      .join('');
    await page.setContent(
      chapter(
        `<p>Before</p><div class="docusaurus-mermaid-container"><svg width="100%" viewBox="0 0 3000 300" style="max-width: min(100%, 3000px)"><rect width="3000" height="300" fill="#eef"/>${labels}</svg></div><p>After</p>`,
      ),
    );
    const result = await page.evaluate(turnWideDiagrams, {...BOX, minTextPx: 8, maxPages: 4});
    assert.deepEqual(result, {turned: [], rows: [{name: 'First step · Middle step · Last step', rows: 3}], enlarged: [], small: []});
    // The first row's edge would cut "Middle step" (663 to 755 px across the drawing): that row ends before it.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('.export-pdf-rows foreignObject')].filter((label) => {
        const [rect, strip] = [label.getBoundingClientRect(), label.closest('.export-pdf-rows')!.getBoundingClientRect()];
        return getComputedStyle(label).visibility !== 'hidden' && (rect.left < strip.left - 0.5 || rect.right > strip.right + 0.5);
      }),
    );
    assert.equal(cut.length, 0);
    const text = await printedText(await page.pdf(PDF));
    // Top to bottom (PDF y grows upwards): the rows follow one another down the page.
    const printed = text.filter((item) => /step|Before|After/.test(item.str)).sort((a, b) => b.y - a.y);
    assert.deepEqual(
      printed.map((item) => [item.str, item.page]),
      [
        ['Before', 1],
        ['First step', 1],
        ['Middle step', 1],
        ['Last step', 1],
        ['After', 1],
      ],
    );
    for (const item of printed) assert.ok(!item.turned && item.size >= 6, `${item.str}: ${item.size} pt`);
  });

  it('cuts into rows, not turns, a strip at least 8 times as wide as tall that turning alone would make legible', async () => {
    await page.setViewport(BOX);
    // 1,600 × 150 px: turned, its 16 px labels would print at 9.9 px on a page of their own; in rows, 8.16 px, 816 px long.
    await page.setContent(chapter(`<p>Before</p>${diagram(1600, 150, ['Physical', 'Data link', 'Network'])}<p>After</p>`));
    const result = await page.evaluate(turnWideDiagrams, {...BOX, minTextPx: 8, maxPages: 4});
    assert.deepEqual(result, {turned: [], rows: [{name: 'Physical · Data link · Network', rows: 2}], enlarged: [], small: []});
  });

  it('reads the scale of a diagram a height cap shrinks from its height, not its width', async () => {
    await page.setViewport(BOX);
    // A chain 200 px wide and 2,400 px tall, capped at 962 px as the book's CSS caps it: its 16 px labels print at 6.4 px.
    const chain = `<div class="docusaurus-mermaid-container"><svg width="100%" viewBox="0 0 200 2400" style="max-width: min(100%, 200px); max-height: 962px"><foreignObject x="10" y="10" width="180" height="40"><div style="font-size:16px">Docker 入门</div></foreignObject></svg></div>`;
    await page.setContent(chapter(chain));
    const result = await page.evaluate(turnWideDiagrams, {...BOX, minTextPx: 8, maxPages: 4});
    // Cut at the scale its labels need (8.16 px), not at its drawn size: 1,224 px across, two pages.
    assert.deepEqual(result, {turned: [{name: 'Docker 入门', pages: 2}], rows: [], enlarged: [], small: []});
    assert.equal(await page.evaluate(() => document.querySelector('svg')!.getAttribute('data-export-pdf-label')), '16');
  });
});
