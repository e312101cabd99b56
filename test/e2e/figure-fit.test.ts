import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {FigureFit} from '../../server/export/native/render/figure-fit';
import {endFigureProbe, startFigureProbe} from '../../server/export/native/render/page/figures';
import {ANCHOR} from '../../server/export/native/shared/markers';
import {readPart} from '../../server/export/native/shared/pdf-part';
import {blankPageForSuite} from '../helpers/suite-page';

/** A page of 400 CSS px of text area, no margins: a figure of 280 px does not fit under 160 px of text. */
const PDF = {width: '500px', height: '400px', margin: {top: 0, right: 0, bottom: 0, left: 0}, printBackground: true};
const CSS = `<style>
  body { margin: 0; } p { margin: 0; }
  .export-pdf-chapter { break-before: page; }
  .export-pdf-figure-marker { display: block !important; height: 1px !important; margin: 0 0 -1px !important; }
  img { display: block; break-inside: avoid; }
</style>`;
/** A square picture in a link to an anchor id: the link's rectangle tells the page it printed on. */
const square = (id: string, height: number) =>
  `<a href="${ANCHOR}${id}"><img alt="chart" style="height:${height}px;width:${height}px" src="data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="%2336c"/></svg>',
  )}"></a>`;
const chapter = (body: string) => `<section class="export-pdf-chapter"><article><div class="markdown">${body}</div></article></section>`;

// Large figures that would move to the next page and leave a page a third empty (render/figure-fit.ts).
describe('figure fit', {timeout: 60_000}, () => {
  let page: Page;
  blankPageForSuite((opened) => (page = opened));

  const figurePages = async () => {
    const printed = await readPart(await page.pdf(PDF), {anchorPrefix: ANCHOR});
    return ['first', 'second'].map((id) => printed.destinations.get(id)?.page);
  };

  it('shrinks a figure that moved although most of the page was free, from probe prints, and leaves the page as it was', async () => {
    await page.setContent(
      `<html><head>${CSS}</head><body>${chapter(`<p style="height:160px">Text</p><p>${square('first', 280)}</p><p>After</p>`)}` +
        `${chapter(`<p style="height:300px">Later</p><p>${square('second', 300)}</p>`)}</body></html>`,
    );
    const logged: string[] = [];
    const fit = new FigureFit({contentHeight: 400, marginTop: 0, anchorPrefix: ANCHOR, minTextPx: 8, log: (line) => logged.push(line)});
    await fit.mark(page);
    assert.deepEqual(await figurePages(), [1, 3], 'without fitting, the first figure leaves page 1 with 160 px of text');
    await fit.fit(page, PDF);
    assert.deepEqual(await figurePages(), [0, 3], 'the first figure fits under the text; the second (100 px free above it) keeps its size');
    const height = await page.evaluate(
      () => document.querySelector<HTMLElement>('[data-export-pdf-figure="0"]')!.getBoundingClientRect().height,
    );
    assert.ok(height >= 140 && height <= 240, `shrunk to the free 240 px less a margin, not below half its size: ${height}`);
    assert.deepEqual(logged, ['shrank 1 figure(s) that would have left a page a third empty']);
    const left = await page.evaluate(() => ({
      probe: document.querySelectorAll('#export-pdf-figure-probe, .export-pdf-probe-cut').length,
      visibility: getComputedStyle(document.querySelector('p')!).visibility,
    }));
    assert.deepEqual(left, {probe: 0, visibility: 'visible'});
  });

  it('looks at the figures in page order, whatever their kind: a diagram after the last picture is fitted too', async () => {
    const diagram = `<div class="docusaurus-mermaid-container"><svg id="diagram" viewBox="0 0 10 10" style="height:280px;width:280px;display:block"><rect width="10" height="10"/></svg></div>`;
    await page.setContent(
      `<html><head>${CSS}</head><body>${chapter(`<p>${square('first', 120)}</p>`)}` +
        `${chapter(`<p style="height:160px">Text</p>${diagram}<p>After</p>`)}</body></html>`,
    );
    const logged: string[] = [];
    const fit = new FigureFit({contentHeight: 400, marginTop: 0, anchorPrefix: ANCHOR, minTextPx: 8, log: (line) => logged.push(line)});
    await fit.mark(page);
    await fit.fit(page, PDF);
    const height = await page.evaluate(() => document.getElementById('diagram')!.getBoundingClientRect().height);
    assert.ok(height < 280, `the diagram in the second chapter is shrunk: ${height}`);
    assert.deepEqual(logged, ['shrank 1 figure(s) that would have left a page a third empty']);
  });

  it("never shrinks a diagram's labels below the smallest size read in print: it moves instead", async () => {
    // Labels of 10 units on a 280 px drawing of 10 units: 280 px, far above 8; of 0.3 units: 8.4 px, which shrinking to the free 240 px would bring under 8.
    const diagram = (label: number) =>
      `<div class="docusaurus-mermaid-container"><svg id="diagram" data-export-pdf-label="${label}" viewBox="0 0 10 10" style="height:280px;width:280px;display:block"><rect width="10" height="10"/></svg></div>`;
    for (const [label, shrunk] of [
      [10, true],
      [0.3, false],
    ] as const) {
      await page.setContent(
        `<html><head>${CSS}</head><body>${chapter(`<p style="height:160px">Text</p>${diagram(label)}<p>After</p>`)}</body></html>`,
      );
      const fit = new FigureFit({contentHeight: 400, marginTop: 0, anchorPrefix: ANCHOR, minTextPx: 8, log: () => undefined});
      await fit.mark(page);
      await fit.fit(page, PDF);
      const height = await page.evaluate(() => document.getElementById('diagram')!.getBoundingClientRect().height);
      assert.equal(height < 280, shrunk, `labels of ${label} units: ${height} px`);
    }
  });

  it('fits a figure as tall as the page under its heading, which would otherwise stay behind alone', async () => {
    // 300 px of text, then a 60 px heading over a 390 px figure: 450 px, taller than the 400 px page.
    const diagram = `<h2 style="height:60px;margin:0;break-after:avoid">Road map</h2><div class="docusaurus-mermaid-container"><svg id="diagram" data-export-pdf-label="1" viewBox="0 0 10 10" style="height:390px;width:390px;display:block"><rect width="10" height="10"/></svg></div>`;
    await page.setContent(
      `<html><head>${CSS}</head><body>${chapter(`<p style="height:300px">Text</p>${diagram}<p>After</p>`)}</body></html>`,
    );
    const fit = new FigureFit({contentHeight: 400, marginTop: 0, anchorPrefix: ANCHOR, minTextPx: 8, log: () => undefined});
    await fit.mark(page);
    await fit.fit(page, PDF);
    const height = await page.evaluate(() => document.getElementById('diagram')!.getBoundingClientRect().height);
    assert.ok(height <= 400 - 60 - 8 && height >= 300, `the heading and the figure fit one page: ${height}`);
  });

  it('prints nothing but the markers in a probe, without the chapters after the last figure in question', async () => {
    await page.setContent(
      `<html><head>${CSS}</head><body>${chapter(`<p>First</p><p>${square('first', 200)}</p>`)}${chapter('<p>Second</p>')}</body></html>`,
    );
    const fit = new FigureFit({contentHeight: 400, marginTop: 0, anchorPrefix: ANCHOR, minTextPx: 8, log: () => undefined});
    await fit.mark(page);
    await page.evaluate(startFigureProbe, 0);
    const probed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('p, .export-pdf-figure-marker, .export-pdf-chapter')].map(
        (element) => `${element.className || element.tagName}:${getComputedStyle(element).visibility}:${getComputedStyle(element).display}`,
      ),
    );
    await page.evaluate(endFigureProbe);
    assert.deepEqual(probed, [
      'export-pdf-chapter:hidden:block',
      'P:hidden:block',
      'export-pdf-figure-marker:visible:block',
      'P:hidden:block',
      'export-pdf-chapter export-pdf-probe-cut:hidden:none',
      'P:hidden:block',
    ]);
  });
});
