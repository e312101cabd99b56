import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {flowOverlaidText, liftVeils} from '../../server/export/native/render/page/overlays';
import {blankPageForSuite} from '../helpers/suite-page';

/** Which of the part's boxes print: those not hidden by `display`. */
const shown = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-name]')]
      .filter((box) => getComputedStyle(box).display !== 'none')
      .map((box) => box.dataset.name),
  );

// What a book part lays over its text (render/page/overlays.ts), in a real Chromium.
describe('boxes laid over a book part’s text', {timeout: 60_000}, () => {
  let page: Page;
  blankPageForSuite((opened) => (page = opened));

  it('lifts a loading screen laid over the line that links a demo, as a playground leaves it offline', async () => {
    await page.setContent(`<section class="export-pdf-chapter"><article>
      <div class="playground__preview" style="position:relative;padding:16px 0;display:flex;justify-content:center">
        <div class="playground__loading" data-name="loading" style="position:absolute;inset:0;background:#fff;display:flex;align-items:center;justify-content:center">
          <svg width="24" height="8"><circle cx="4" cy="4" r="3"/></svg>
        </div>
        <p class="export-pdf-embed" data-name="line">Embedded content: <a href="https://acme.example/demo.html?theme=dark">https://acme.example/demo.html?theme=dark</a></p>
      </div></article></section>`);
    assert.deepEqual(await page.evaluate(liftVeils), {'div.playground__loading': 1});
    assert.deepEqual(await shown(page), ['line']);
  });

  it('lifts a clear loading screen whose spinner draws over the line', async () => {
    await page.setContent(`<section class="export-pdf-chapter"><article>
      <div style="position:relative;padding:16px 0">
        <div class="loading" data-name="loading" style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center">
          <svg width="36" height="8"><circle cx="4" cy="4" r="3"/><circle cx="18" cy="4" r="3"/><circle cx="32" cy="4" r="3"/></svg>
        </div>
        <p class="export-pdf-embed" data-name="line">Embedded content: <a href="https://acme.example/demo.html">https://acme.example/demo.html</a></p>
      </div></article></section>`);
    assert.deepEqual(await page.evaluate(liftVeils), {'div.loading': 1});
    assert.deepEqual(await shown(page), ['line']);
  });

  it('keeps a box under the text, a transparent one over it, one beside it, and a veil with text of its own', async () => {
    const text = '<p>The worker retries the job three times before it moves it to the dead-letter queue.</p>';
    await page.setContent(`<section class="export-pdf-chapter"><article>
      <div style="position:relative"><div data-name="backdrop" style="position:absolute;inset:0;background:#eef;z-index:-1"></div>${text}</div>
      <div style="position:relative"><a data-name="card link" href="/docs/x" style="position:absolute;inset:0"></a>${text}</div>
      <div style="position:relative;padding-right:120px">${text}<div data-name="badge" style="position:absolute;top:0;right:0;width:100px;height:40px;background:#333"></div></div>
      <div style="position:relative">${text}<div data-name="banner" style="position:absolute;inset:0;background:#fff">Beta</div></div>
      </article></section>`);
    assert.deepEqual(await page.evaluate(liftVeils), {});
    assert.deepEqual(await shown(page), ['backdrop', 'card link', 'badge', 'banner']);
  });

  it('lays out in the flow a label positioned over the title, and leaves one that overlaps no text where it is', async () => {
    await page.setContent(`<section class="export-pdf-chapter"><article><div class="markdown" style="position:relative">
      <header><h1 style="margin-top:0">ion-accordion</h1></header>
      <a class="encapsulation-pill" data-name="pill" href="/docs/glossary#shadow" style="position:absolute;top:0;font-size:10px">shadow</a>
      <p style="padding-right:120px">Accordions provide collapsible sections.</p>
      <span class="badge" data-name="badge" style="position:absolute;bottom:0;right:0">beta</span>
      </div></article></section>`);
    assert.deepEqual(await page.evaluate(flowOverlaidText), {'a.encapsulation-pill': 1});
    const positions = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-name]')].map(
        (label) => `${label.dataset.name}:${getComputedStyle(label).position}`,
      ),
    );
    assert.deepEqual(positions, ['pill:static', 'badge:absolute']);
    const [title, pill] = await page.evaluate(() =>
      ['h1', '.encapsulation-pill'].map((selector) => document.querySelector(selector)!.getBoundingClientRect().top),
    );
    assert.ok(pill! > title!, 'the pill below the title');
  });
});
