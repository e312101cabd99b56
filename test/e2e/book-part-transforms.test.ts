import assert from 'node:assert/strict';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {BOOK_CSS} from '../../server/export/native/assemble/book-css';
import {placeAnchors} from '../../server/export/native/render/page/book-links';
import {
  dropEmptyBoxes,
  fitBookPart,
  keepTextInside,
  settleBookPart,
  unclipScrollBoxes,
  unclipTruncatedText,
  unfoldCollapsedBoxes,
} from '../../server/export/native/render/page/book-part';
import {keepRowItemsWhole, letTallBoxesBreak, trimChapterEnds} from '../../server/export/native/render/page/page-breaks';
import {pdfText} from '../helpers/pdf';
import {WORK_ROOT} from '../helpers/processes';
import {blankPageForSuite} from '../helpers/suite-page';

// What a book part goes through before it prints (render/page/), in a real Chromium.
describe('book part transforms', {timeout: 60_000}, () => {
  let page: Page;
  blankPageForSuite((opened) => (page = opened));

  it('prints an image that cannot load as its alt text, and keeps an SVG without a size of its own', async () => {
    const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')}`;
    await page.setContent(
      `<p><img src="http://127.0.0.1:1/chart.png" alt="Queue depth chart"> <img src="http://127.0.0.1:1/badge.svg"> <img src="${svg}" alt="square"></p>`,
    );
    const warnings = await page.evaluate(settleBookPart, 5000);
    const html = await page.evaluate(() => document.querySelector('p')!.innerHTML);
    assert.match(html, /<span class="export-pdf-missing-image">Queue depth chart<\/span>/);
    assert.doesNotMatch(html, /badge\.svg|chart\.png/);
    assert.match(html, /alt="square"/);
    assert.match(warnings.join('\n'), /2 image\(s\) could not be loaded/);
  });

  it('leaves out an empty box that a script would have filled, and keeps drawn or short ones', async () => {
    await page.setContent(`<section class="export-pdf-chapter"><article>
      <div class="snack-player" style="height:635px;border:1px solid #ccc" data-files="…"></div>
      <div class="picture" style="height:200px;background-image:linear-gradient(red,blue)"></div>
      <div class="spacer" style="height:20px"></div><p>text</p>
      <table><tr><td style="height:80px"></td><td>cell</td></tr></table>
      <svg width="100" height="100"><rect width="100" height="100"></rect></svg></article></section>`);
    assert.deepEqual(await page.evaluate(dropEmptyBoxes, 48), {'div.snack-player': 1});
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('article > div')].map((box) => `${box.className}:${box.style.display}`),
    );
    assert.deepEqual(shown, ['snack-player:none', 'picture:', 'spacer:']);
  });

  it('prints whole what a box of a fixed height scrolls through, and leaves boxes that clip nothing or scroll sideways alone', async () => {
    const rows = Array.from({length: 40}, (_, index) => `<p>field${index}</p>`).join('');
    await page.setContent(`<section class="export-pdf-chapter"><article>
      <div class="browser-window" style="height:120px;overflow:auto">${rows}</div>
      <div class="log" style="max-height:80px;overflow-y:scroll">${rows}</div>
      <div class="short" style="height:300px;overflow:auto"><p>one line</p></div>
      <div class="wide" style="overflow-x:auto"><div style="width:3000px">a wide row</div></div>
      <div class="clipped" style="height:40px;overflow:hidden">${rows}</div></article></section>`);
    assert.deepEqual(await page.evaluate(unclipScrollBoxes), {'div.browser-window': 1, 'div.log': 1});
    const file = path.join(WORK_ROOT, 'scroll-boxes.pdf');
    await writeFile(file, await page.pdf({width: '500px', height: '4000px'}));
    const text = await pdfText(file);
    assert.equal(text.match(/field39/g)?.length, 2, 'the last row of both scroll boxes prints');
    const heights = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('article > div')].map((box) => box.clientHeight));
    assert.equal(heights[2], 300, 'a box that clips nothing keeps its height');
  });

  it('brings inside the text’s edges a heading a negative margin pulls past them, and leaves a grid row with padded columns as it is', async () => {
    await page.setContent(`<style>body { margin: 0 }</style><section class="export-pdf-chapter" style="margin: 0 40px"><article>
      <h2 style="margin-left:-12px">Worker log</h2><p style="margin-right:-30px">A line that a theme lets run into the margin on the right.</p>
      <div class="row" style="display:flex;margin:0 -16px"><div class="col" style="padding:0 16px">card text</div></div></article></section>`);
    assert.deepEqual(await page.evaluate(keepTextInside), {h2: 1, p: 1});
    const lefts = await page.evaluate(() =>
      ['h2', 'p', '.row', '.col'].map((selector) => Math.round(document.querySelector(selector)!.getBoundingClientRect().left)),
    );
    assert.deepEqual(lefts, [40, 40, 24, 24], 'the heading at the text’s edge, the row as the site has it');
  });

  it('keeps cards side by side whole on one page, where a page break would clip the text of a card as tall as its row', async () => {
    // A card filling its grid cell (height: 100%) that clips its overflow, as card components do.
    const icon = `<img width="48" height="48" src="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle cx="24" cy="24" r="20" fill="%2336c"/></svg>')}">`;
    const card = (name: string) =>
      `<div style="display:block"><a style="display:flex;flex-direction:column;height:100%;width:100%;overflow:hidden;border:1px solid #ccc;border-radius:12px;line-height:1.6">` +
      `<div style="padding:1.5rem"><div style="display:flex;gap:8px;position:relative">${icon}</div><header>${name}</header><div><p>Text of the card, then ${name}End</p></div></div></a></div>`;
    const cards = ['Navigation', 'Components', 'Theming', 'Capacitor'].map(card).join('');
    const print = async (keep: boolean) => {
      await page.setContent(`<section class="export-pdf-chapter"><article><div style="height:195px"></div>
        <div style="display:grid;grid-template-columns:1fr 1fr;gap:16px">${cards}</div></article></section>`);
      if (keep) assert.equal(await page.evaluate(keepRowItemsWhole, 200), 4);
      const file = path.join(WORK_ROOT, `cards-${keep}.pdf`);
      await writeFile(file, await page.pdf({width: '500px', height: '400px', printBackground: true}));
      return (await pdfText(file)).replace(/\s+/g, ' ');
    };
    assert.doesNotMatch(await print(false), /NavigationEnd/, 'the page break clips the card without the rule');
    const text = await print(true);
    for (const name of ['Navigation', 'Components', 'Theming', 'Capacitor']) assert.match(text, new RegExp(`${name}End`));
  });

  it('prints open a box folded shut to no height, and leaves a visually hidden label hidden', async () => {
    await page.setContent(`<section class="export-pdf-chapter"><article>
      <ul><li>Primary #0054e9<ul class="submenu" style="height:0;opacity:0"><li>Shade #004acd</li><li>Tint #1a65eb</li></ul></li></ul>
      <div class="faq"><p>How do I retry?</p><div class="answer" style="height:0;overflow:hidden"><p>Use the CLI.</p></div></div>
      <p>Text <span class="sr-only" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">for screen readers</span></p>
      </article></section>`);
    assert.deepEqual(await page.evaluate(unfoldCollapsedBoxes), {'ul.submenu': 1, 'div.answer': 1});
    const shown = await page.evaluate(() =>
      ['.submenu', '.answer', '.sr-only'].map((selector) => {
        const box = document.querySelector<HTMLElement>(selector)!;
        return [Math.round(box.getBoundingClientRect().height) > 10, getComputedStyle(box).opacity];
      }),
    );
    assert.deepEqual(shown, [
      [true, '1'],
      [true, '1'],
      [false, '1'],
    ]);
  });

  it('prints whole the text a site cuts short with an ellipsis or a line clamp, and leaves text that fits alone', async () => {
    const long = 'Build a production-shaped worker process with graceful shutdown, retries with backoff and health checks';
    await page.setContent(`<section class="export-pdf-chapter"><article style="width:300px">
      <p class="card" style="white-space:nowrap;overflow:hidden;text-overflow:ellipsis">${long}</p>
      <p class="clamp" style="display:-webkit-box;-webkit-line-clamp:1;-webkit-box-orient:vertical;overflow:hidden">${long}</p>
      <p class="short" style="white-space:nowrap;overflow:hidden;text-overflow:ellipsis">Quick Start</p>
      </article></section>`);
    assert.deepEqual(await page.evaluate(unclipTruncatedText), {'p.card': 1, 'p.clamp': 1});
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('p')].map((box) => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1),
    );
    assert.deepEqual(cut, [false, false, false]);
  });

  it('breaks a display equation wider than the text at its operators, at full size, and leaves one that fits alone', async () => {
    // KaTeX's markup and the rules of its stylesheet that decide where a display equation may break.
    const terms = (count: number) => Array.from({length: count}, () => '<span class="base" style="width:70px">2d(1−j)+</span>').join('');
    await page.setContent(`<style>
      .katex-display { display: block; margin: 1em 0; text-align: center; }
      .katex-display > .katex { display: block; text-align: center; white-space: nowrap; }
      .katex .base { display: inline-block; white-space: nowrap; }
      </style><section class="export-pdf-chapter"><div class="markdown" style="width:300px">
      <p><span class="katex-display wide"><span class="katex"><span class="katex-html">${terms(10)}</span></span></span></p>
      <p><span class="katex-display short"><span class="katex"><span class="katex-html">${terms(3)}</span></span></span></p>
      </div></section>`);
    const fitted = await page.evaluate(fitBookPart, {fontScales: [0.9], keepTogetherBelow: 0});
    assert.equal(fitted.brokenEquations.length, 1);
    assert.deepEqual(fitted.scaled, []);
    const look = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.katex-display')].map((display) => {
        const bases = [...display.querySelectorAll('.base')].map((base) => base.getBoundingClientRect());
        return {
          fits: display.scrollWidth <= 300,
          lines: new Set(bases.map((box) => Math.round(box.top))).size,
          zoom: display.closest('p')!.style.zoom,
        };
      }),
    );
    assert.deepEqual(look, [
      {fits: true, lines: 3, zoom: ''},
      {fits: true, lines: 1, zoom: ''},
    ]);
  });

  it('lets a box taller than a page break where it starts, and keeps one that fits whole', async () => {
    // An admonition (break-inside: avoid in the book's CSS) of 40 lines, taller than a 400 px page.
    const lines = Array.from({length: 40}, (_, index) => `<p style="margin:0">admonition line ${index + 1}</p>`).join('');
    const print = async (release: boolean) => {
      await page.setContent(`<style>${BOOK_CSS}</style><section class="export-pdf-chapter"><article><div class="markdown">
        <p>Text before the box.</p><div class="theme-admonition" style="border:1px solid #999">${lines}</div>
        <div class="theme-admonition">a short note</div></div></article></section>`);
      if (release) assert.deepEqual(await page.evaluate(letTallBoxesBreak, 360), {'div.theme-admonition': 1});
      const file = path.join(WORK_ROOT, `tall-box-${release}.pdf`);
      await writeFile(file, await page.pdf({width: '500px', height: '400px', margin: {top: '20px', bottom: '20px'}}));
      return (await pdfText(file)).split('\f')[0]!;
    };
    assert.doesNotMatch(await print(false), /admonition line 1\b/, 'without the rule the box moves to the next page');
    assert.match(await print(true), /Text before the box\.\s+admonition line 1\b/, 'the box starts under the text before it');
  });

  it('takes the bottom margin and padding off the last elements of each chapter, but keeps a drawn box whole', async () => {
    await page.setContent(`<section class="export-pdf-chapter" style="padding-bottom:30px"><article style="padding-bottom:16px">
      <p>first</p><ol style="margin-bottom:20px"><li><p style="margin-bottom:20px">last line</p></li></ol></article></section>
      <section class="export-pdf-chapter"><article><div class="alert" style="padding:16px;margin-bottom:24px;background:#eef">note</div></article></section>`);
    assert.equal(await page.evaluate(trimChapterEnds), 5);
    const bottoms = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('section, article, ol, li, p, .alert')].map((element) => {
        const style = getComputedStyle(element);
        return `${element.tagName.toLowerCase()}:${style.marginBottom}/${style.paddingBottom}`;
      }),
    );
    assert.deepEqual(bottoms, [
      'section:0px/0px',
      'article:0px/0px',
      'p:16px/0px',
      'ol:0px/0px',
      'li:0px/0px',
      'p:0px/0px',
      'section:0px/0px',
      'article:0px/0px',
      'div:0px/16px',
    ]);
  });

  it('leaves out trailing elements that print nothing, and trims the last one that prints', async () => {
    // A generated index's cards, then the footer its pagination was taken out of: the footer's top
    // margin and the last card's bottom margin would spill onto a blank page.
    await page.setContent(`<section class="export-pdf-chapter"><article><section class="row">
      <article class="card" style="margin-bottom:32px">card one</article><article class="card" style="margin-bottom:32px">card two</article>
      </section></article><footer style="margin-top:16px"></footer><div style="margin-top:8px"><span></span></div></section>`);
    assert.equal(await page.evaluate(trimChapterEnds), 3, 'the div and the footer left out, the last card trimmed');
    const state = await page.evaluate(() => ({
      footer: getComputedStyle(document.querySelector('footer')!).display,
      last: getComputedStyle(document.querySelector('.card:last-child')!).marginBottom,
      first: getComputedStyle(document.querySelector('.card')!).marginBottom,
    }));
    assert.deepEqual(state, {footer: 'none', last: '0px', first: '32px'});
  });

  it('anchors each listed target where it prints: in a heading’s line, or as a 1 px block before a table', async () => {
    await page.setContent(`<!doctype html><html><head><style>${BOOK_CSS}</style></head><body>
      <section class="export-pdf-chapter" id="guides/a"><article><h1>Guide A</h1><h2 id="guides/a--setup">Setup</h2>
      <table id="guides/a--matrix"><tr id="guides/a--row"><td>cell</td></tr></table><div id="guides/a--box"><p>text</p></div></article></section>
      <div class="export-pdf-dest-hints">${['guides/a', 'guides/a--setup', 'guides/a--matrix', 'guides/a--row', 'guides/a--box']
        .map((id) => `<a href="#${encodeURIComponent(id)}">.</a>`)
        .join('')}</div></body></html>`);
    const heightBefore = await page.evaluate(() => document.querySelector('article')!.getBoundingClientRect().height);
    await page.evaluate(placeAnchors, 'https://anchor.invalid/at/');
    const placed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a.export-pdf-at')].map((anchor) => [
        decodeURIComponent(anchor.href.split('/at/')[1]!),
        anchor.parentElement!.tagName,
        anchor.classList.contains('export-pdf-at-block') ? 'block' : 'inline',
      ]),
    );
    assert.deepEqual(placed, [
      ['guides/a', 'H1', 'inline'],
      ['guides/a--setup', 'H2', 'inline'],
      ['guides/a--matrix', 'ARTICLE', 'block'],
      ['guides/a--row', 'TD', 'inline'],
      ['guides/a--box', 'DIV', 'block'],
    ]);
    const heightAfter = await page.evaluate(() => document.querySelector('article')!.getBoundingClientRect().height);
    assert.equal(heightAfter, heightBefore, 'the anchors take no room');
  });
  it('keeps on the page the anchor of a heading a theme pulls past the text’s edge, so the PDF gets its link', async () => {
    await page.setContent(`<!doctype html><html><head><style>body { margin: 0 } ${BOOK_CSS}</style></head><body>
      <section class="export-pdf-chapter" id="api/a"><article><h2 id="api/a--request">Request</h2>
      <div style="display:flex"><h2 id="api/a--responses" style="margin-left:-4px">Responses</h2></div></article></section>
      <div class="export-pdf-dest-hints"><a href="#api%2Fa--request">.</a><a href="#api%2Fa--responses">.</a></div></body></html>`);
    const textLeft = () => page.evaluate(() => document.getElementById('api/a--responses')!.getBoundingClientRect().left);
    const before = await textLeft();
    await page.evaluate(placeAnchors, 'https://anchor.invalid/at/');
    assert.equal(await textLeft(), before, 'the heading stays where the theme put it');
    const pdf = Buffer.from(await page.pdf({width: '500px', height: '400px'})).toString('latin1');
    for (const id of ['api%2Fa--request', 'api%2Fa--responses']) assert.ok(pdf.includes(`anchor.invalid/at/${id}`), `a link for ${id}`);
  });

  it('anchors a heading laid out as a flex row on its text’s row, with a link the PDF gets', async () => {
    // Swagger UI's tag heading: a flex row of its name's link, a summary that holds a paragraph, and a tall padding.
    await page.setContent(`<!doctype html><html><head><style>body { margin: 0 } ${BOOK_CSS}</style></head><body>
      <section class="export-pdf-chapter" id="api/b"><article>
      <h3 id="api/b--tag-pet" style="display:flex;align-items:center;padding:60px 10px 10px"><a href="#/pet"><span>pet</span></a><small><div><p>Everything about your Pets</p></div></small></h3>
      </article></section>
      <div class="export-pdf-dest-hints"><a href="#api%2Fb--tag-pet">.</a></div></body></html>`);
    await page.evaluate(placeAnchors, 'https://anchor.invalid/at/');
    const {anchor, text} = await page.evaluate(() => ({
      anchor: document.querySelector('a.export-pdf-at')!.getBoundingClientRect().toJSON() as DOMRect,
      text: document.querySelector('h3 span')!.getBoundingClientRect().toJSON() as DOMRect,
    }));
    assert.ok(anchor.width >= 1, `the anchor is ${anchor.width} px wide`);
    assert.ok(Math.abs(anchor.top - text.top) < text.height, `the anchor's top ${anchor.top}, the text's ${text.top}`);
    const pdf = Buffer.from(await page.pdf({width: '500px', height: '400px'})).toString('latin1');
    assert.ok(pdf.includes('anchor.invalid/at/api%2Fb--tag-pet'), 'a link for the heading');
  });
});
