import assert from 'node:assert/strict';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import puppeteer, {type Browser} from 'puppeteer-core';
import {ACCESSIBILITY_CHECK_IDS, BOOK_CHECK_IDS, type CheckId} from '../../../scripts/check-book/check-types';
import {checkBook} from '../../../scripts/check-book/run';
import {findChromium, isHeadlessShell, sandboxArgs} from '../../../server/chromium';
import {tempDir} from '../../helpers/fixtures';
import {printFixtureBook, type Defects} from './fixture-book';
import {SITE_URL, writeFixtureSite} from './fixture-site';

const isBookCheck = (id: CheckId) => (BOOK_CHECK_IDS as readonly CheckId[]).includes(id);

describe('book checker on books made wrong on purpose', {timeout: 300_000}, () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof tempDir>>;
  let count = 0;

  before(async () => {
    browser = await puppeteer.launch({executablePath: findChromium(), args: sandboxArgs(), headless: true});
    site = await tempDir('check-book-site');
    await writeFixtureSite(site.dir, {
      intro:
        '<p><input placeholder="Filter by job name"> <button type="button">Show archived jobs</button> <select><option>All queues</option><option>invoices</option></select></p>',
    });
  });
  after(async () => {
    await browser?.close();
    await site?.remove();
  });

  /** Prints the book with these defects and checks it; returns the checks that fail, and the report. */
  async function check(defects: Defects = {}) {
    const pdf = path.join(site.dir, `book-${++count}.pdf`);
    await writeFile(pdf, await printFixtureBook(browser, defects));
    const report = await checkBook({site: site.dir, pdf});
    // The fixture is printed by Chromium alone, not merged: its accessibility section fails (tested below).
    const failing = report.checks.filter((result) => !result.pass && isBookCheck(result.id)).map((result) => result.id);
    const result = (id: CheckId) => report.checks.find((candidate) => candidate.id === id)!;
    return {report, failing, result};
  }

  it('passes every check on the book printed right', async () => {
    const {report, failing} = await check();
    assert.deepEqual(
      failing,
      [],
      JSON.stringify(
        report.checks.filter((result) => !result.pass),
        null,
        1,
      ),
    );
    assert.ok(report.checks.find((result) => result.id === 'toc')!.measures.entries! >= 5, 'the TOC entries were read');
    assert.equal(report.checks.find((result) => result.id === 'bookmarks')!.measures.entries, 6);
  });

  it('flags a book without the part page of a top-level category that has no page: docs, TOC and bookmarks', async () => {
    const {failing, result} = await check({withoutPartPage: true});
    assert.deepEqual(failing, ['docs', 'toc', 'bookmarks']);
    assert.match(
      result('docs')
        .findings.map((finding) => finding.text)
        .join('\n'),
      /part page "Guides" is missing/,
    );
    assert.match(
      result('toc')
        .findings.map((finding) => finding.text)
        .join('\n'),
      /"Guides": its part page is not in the book/,
    );
  });

  it('flags CJK text drawn as Type 3 glyphs (a made-up bold, as of a font without a bold face): fonts', async () => {
    const {failing, result} = await check({
      extraHtml: {'guides/setup': `<p style="font-family: 'WenQuanYi Micro Hei'; font-weight: 700">队列名称</p>`},
    });
    assert.deepEqual(failing, ['fonts']);
    assert.match(result('fonts').findings[0]!.text, /Type 3 font \d+ 0 holds text: ".*队/);
  });

  it('flags a diagram whose labels print under 6 pt: diagrams', async () => {
    // 16 px labels on a drawing 400 px wide, printed 120 px wide: 4.8 px, 3.6 pt.
    const {failing, result} = await check({diagramWidthPx: 120});
    assert.deepEqual(failing, ['diagrams']);
    assert.match(result('diagrams').findings[0]!.text, /"Setup": a diagram's text prints at 3\.6 pt, under 6 pt \("(Producer|Worker)/);
  });

  it("fails the accessibility section of a book Chromium printed alone, as the merge's corrections are missing", async () => {
    const {report} = await check();
    const result = (id: CheckId) => report.checks.find((candidate) => candidate.id === id)!;
    const failing = report.checks.filter((candidate) => !candidate.pass).map((candidate) => candidate.id);
    assert.deepEqual(failing, ['tagged', 'annotations', 'artifacts', 'matterhorn']);
    assert.ok(ACCESSIBILITY_CHECK_IDS.every((id) => report.checks.some((candidate) => candidate.id === id)));
    // The full Chromium's print compositor writes the title and DisplayDocTitle; the headless shell
    // prints without one, and the merge writes both either way (merge/merge-book.ts, setTitle).
    const untitled = isHeadlessShell(findChromium())
      ? ['viewers show the file name, not the title (ViewerPreferences /DisplayDocTitle is not true)', 'no title in the Info dictionary']
      : [];
    assert.deepEqual(
      result('tagged').findings.map((finding) => finding.text),
      [...untitled, 'no XMP metadata stream'],
    );
    assert.match(result('annotations').figure, /^6\/6 links owned by a Link element .*; 0\/6 with Contents/);
    assert.match(result('artifacts').findings[0]!.text, /cover text "Fixture Docs" is not an artifact/);
    const conditions = result('matterhorn').findings.map((finding) => finding.text.split(' ')[0]);
    assert.deepEqual(conditions, ['06-001', ...(untitled.length ? ['07-001'] : []), '09-004/09-005', '28-012']);
  });

  it('flags a table header Chromium repeats after a page break as content tagged twice', async () => {
    const rows = Array.from({length: 90}, (_, row) => `<tr><td>job-${row}</td><td>${row * 3} s</td></tr>`).join('');
    const {result} = await check({
      extraHtml: {intro: `<table><thead><tr><th>Job</th><th>Runtime</th></tr></thead><tbody>${rows}</tbody></table>`},
    });
    const repeated = result('matterhorn').findings.find((finding) => finding.text.startsWith('01-001'));
    assert.match(repeated?.text ?? '', /01-001 .*: 2 \(p\. \d+ "(Job\s*){2,}"; p\. \d+ "(Runtime\s*){2,}"\)/);
  });

  it('flags a solid black rectangle, and only that', async () => {
    const {failing, result} = await check({extraHtml: {intro: '<div style="width:240px;height:160px;background:#000"></div>'}});
    assert.deepEqual(failing, ['black']);
    assert.equal(result('black').measures.areas, 1);
    assert.match(result('black').findings[0]!.text, /solid black 1[78]\d×1[12]\d pt/);
  });

  it('does not flag a dark raster picture as a black area', async () => {
    const canvas =
      '<canvas width="240" height="160"></canvas><script>document.querySelector("canvas").getContext("2d").fillRect(0, 0, 240, 160)</script>';
    const {failing, result} = await check({extraHtml: {intro: canvas}});
    assert.deepEqual(failing, []);
    assert.equal(result('black').measures.insideImages, 1);
  });

  it('flags text that runs past the right margin', async () => {
    const {failing, result} = await check({rightMarginPx: 0});
    assert.deepEqual(failing, ['outside']);
    assert.ok(result('outside').measures.beyondSides! >= 3, JSON.stringify(result('outside').measures));
    assert.ok(result('outside').measures.marginInkPages! >= 2, 'the rendered pages have ink in the right margin');
  });

  it('flags text a negative margin pulls past the left edge, which the page clips', async () => {
    const {failing, result} = await check({extraHtml: {intro: '<p style="margin-left:-40px">Pulled left of the text by its margin.</p>'}});
    assert.deepEqual(failing, ['outside']);
    assert.equal(result('outside').measures.beyondSides, 1, JSON.stringify(result('outside').measures));
    assert.match(result('outside').findings[0]!.text, /past the left edge: ".*left of the text by its margin/);
  });

  it("flags a page printed in the site's dark mode: prose on a dark background", async () => {
    // The article's own prose (text it does not have would be a picture's labels).
    const prose = Array.from(
      {length: 14},
      () =>
        '<p>Acme Fixture is a tiny library that exists to test the book checker. It prints plain prose, a table, and a code block in a dark theme.</p>',
    ).join('');
    const {failing, result} = await check({
      extraHtml: {intro: `<div style="break-before:page;background:#242526;color:#e3e3e3;padding:24px;min-height:900px">${prose}</div>`},
    });
    assert.deepEqual(failing, ['pages']);
    assert.equal(result('pages').measures.dark, 1);
  });

  it('does not flag a page of code blocks in a dark code theme as a dark page', async () => {
    const lines = Array.from({length: 34}, (_, index) => `queue.add({name: 'job-${index}', attempts: ${index % 5}});`).join('\n');
    const code = `<p style="break-before:page">The jobs are added like this:</p><pre style="background:#292d3e;color:#bfc7d5;padding:16px;font-size:14px">${lines}</pre>`;
    const {failing, result} = await check({extraHtml: {intro: code}});
    assert.deepEqual(failing, []);
    assert.equal(result('pages').measures.darkCode, 1);
  });

  it('does not flag a page that a diagram with its own dark background fills', async () => {
    // Labels of its own, and short ones that the article also has (its table's words).
    const labels = ['Client app', 'Authorization server', 'attempts', 'exponential', 'Resource server', 'backoff', 'Return a token']
      .map((label, index) => `<text x="40" y="${100 + index * 110}" fill="#ffffff" font-size="28" font-family="Noto Sans">${label}</text>`)
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="860"><rect width="600" height="860" fill="#1d3557"/>${labels}</svg>`;
    const diagram = `<p style="break-before:page">The flow:</p><img style="display:block" src="data:image/svg+xml,${encodeURIComponent(svg)}" alt="">`;
    const {failing, result} = await check({extraHtml: {intro: diagram}});
    assert.deepEqual(failing, []);
    assert.equal(result('pages').measures.dark, 0);
    assert.equal(result('pages').measures.darkCode, 1);
  });

  it('flags a destination name of 200 bytes', async () => {
    const {failing, result} = await check({extraNames: ['n'.repeat(200)]});
    assert.deepEqual(failing, ['names']);
    assert.match(result('names').findings[0]!.text, /200 bytes/);
  });

  it("flags a link to the site's public URL of a doc the book holds", async () => {
    const link = `<p>Read <a href="${SITE_URL}/docs/guides/setup/#usage">the setup guide</a> or <a href="https://example.org/elsewhere">another site</a>.</p>`;
    const {failing, result} = await check({extraHtml: {intro: link}});
    assert.deepEqual(failing, ['links']);
    assert.equal(result('links').measures.ownPage, 1);
  });

  it('flags a link to a non-public server that the article does not have, and keeps the one its authors wrote', async () => {
    const {failing, result} = await check({
      extraHtml: {intro: '<p>Read <a href="http://127.0.0.1:41235/docs/guides/setup/">the setup guide</a>.</p>'},
    });
    assert.deepEqual(failing, ['links']);
    assert.equal(result('links').measures.nonPublic, 1);
    assert.equal(result('links').measures.authored, 1);
  });

  it('flags a bookmark that opens the page before its heading, at the bottom margin', async () => {
    const clean = await check();
    const usagePage = clean.report.checks.find((result) => result.id === 'docs')!.measures.pages! - 1;
    const {failing, result} = await check({bookmarkTo: {Usage: {page: usagePage - 1, y: 30}}});
    assert.deepEqual(failing, ['bookmarks']);
    assert.equal(result('bookmarks').measures.offPage, 1);
    assert.match(result('bookmarks').findings[0]!.text, /"Usage" opens the page before, at its bottom margin/);
  });

  it('flags a bookmark that lands well above its heading on the right page', async () => {
    const {failing, result} = await check({bookmarkTo: {Details: {page: 2, y: 800}}});
    assert.deepEqual(failing, ['bookmarks']);
    assert.equal(result('bookmarks').measures.misplacedY, 1);
  });

  it('flags a page more than half blank before a box kept whole that breaks anyway, and not the same box let break', async () => {
    const box = (keep: string) =>
      `<div style="${keep}border-left: 5px solid #3578e5; background: #eef3fd; padding: 8px 12px">` +
      Array.from({length: 60}, (_, line) => `<p style="margin: 0">Step ${line + 1} of the long procedure.</p>`).join('') +
      '</div>';
    const kept = await check({extraHtml: {intro: box('break-inside: avoid; ')}});
    assert.deepEqual(kept.failing, ['pages']);
    assert.equal(kept.result('pages').measures.stranded, 1);
    assert.match(kept.result('pages').findings[0]!.text, /more than half blank .* a box kept whole that breaks anyway/);
    const broken = await check({extraHtml: {intro: box('')}});
    assert.deepEqual(broken.failing, []);
  });

  it('does not take a diagram turned sideways on a page of its own for a box kept whole that breaks anyway', async () => {
    const labels = ['Physical layer', 'Data link layer', 'Network layer', 'Transport layer']
      .map(
        (label, index) =>
          `<span style="position: absolute; left: ${60 + index * 90}px; top: 500px; transform: rotate(-90deg); transform-origin: 0 0; white-space: nowrap">${label}</span>`,
      )
      .join('');
    // Nearly as tall as the A4 page's 995 px content box: it fills the next page and stops there.
    const turned = `<div style="break-inside: avoid; position: relative; height: 990px; border-left: 5px solid #3578e5; background: #eef3fd">${labels}</div>`;
    const {failing, result} = await check({extraHtml: {intro: `<p style="break-before: page">The layers, turned:</p>${turned}`}});
    assert.deepEqual(
      failing,
      [],
      result('pages')
        .findings.map((finding) => finding.text)
        .join('\n'),
    );
  });

  it('flags a character no font has, drawn as .notdef', async () => {
    const {failing, result} = await check({extraHtml: {intro: '<p>Private use area: [\uE000]</p>'}});
    assert.deepEqual(failing, ['tofu']);
    assert.equal(result('tofu').measures.notdefGlyphs, 1);
  });

  it('flags a chapter that lost a block: a disclosure’s summary, which prints as content, not as a button', async () => {
    const {failing, result} = await check({articleWithout: {'guides/setup': /<div class="endpoint">.*<\/div>/}});
    assert.deepEqual(failing, ['prose']);
    assert.equal(result('prose').measures.chaptersLost, 1);
    assert.match(result('prose').findings[0]!.text, /^"Setup": .*"progress"/);
  });

  it("flags the site's pagination printed in a chapter", async () => {
    const {failing, result} = await check({extraHtml: {intro: '<nav><div>Next</div><div>Setup</div></nav>'}});
    assert.deepEqual(failing, ['pages']);
    assert.equal(result('pages').measures.chrome, 1);
  });

  it("flags an article's button and placeholder printed as controls", async () => {
    const {failing, result} = await check({
      extraHtml: {
        intro:
          '<p><input placeholder="Filter by job name" style="width:300px"></p><p><button type="button">Show archived jobs</button></p>',
      },
    });
    assert.deepEqual(failing, ['controls']);
    assert.equal(result('controls').measures.placeholders, 1);
    assert.equal(result('controls').measures.buttons, 1);
  });

  it("does not take a web link's text for a button, as where an address wraps and its last piece reads as a label", async () => {
    const {failing, result} = await check({
      extraHtml: {intro: '<p><a href="https://acme.example/jobs?view=archived">Show archived jobs</a></p>'},
    });
    // (`links` fails: the site's article has no such link.)
    assert.ok(!failing.includes('controls'), failing.join());
    assert.equal(result('controls').measures.buttons, 0);
  });

  it('flags the value of a select with no label printed alone, a stray word in the book', async () => {
    const {failing, result} = await check({extraHtml: {intro: '<p>All queues</p>'}});
    assert.deepEqual(failing, ['controls']);
    assert.equal(result('controls').measures.values, 1);
  });
});
