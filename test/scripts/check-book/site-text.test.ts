import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {readArticle} from '../../../scripts/check-book/html-article';
import {nonAsciiChars, proseUnits, textKey, wordsOf} from '../../../scripts/check-book/text-normal';
import {DOCS, builtPage} from './fixture-site';

describe("a built page's article", () => {
  const article = readArticle(
    builtPage(
      DOCS[1]!,
      `<script>var leaked = 1;</script><style>.x{}</style><noscript>Enable JavaScript</noscript>
<p>Math: <span class="katex"><span class="katex-mathml">mathml source</span><span class="katex-html">x squared</span></span></p>
<ul role="tablist"><li role="tab">npm</li><li role="tab">Yarn</li></ul><div role="tabpanel" hidden><p>Yarn panel text</p></div>
<table><tr hidden><td>archived row</td></tr><tr><td>visible row</td></tr></table>
<p><input placeholder="Filter by job name"> <textarea placeholder="Notes"></textarea> <select><option>All states</option></select>
<button type="button">Show archived jobs</button> <button type="button">Yarn</button> <button type="button">NPM</button> <span class="excluded-by-option">gone</span></p>
<p><button type="button">Worker</button> <button type="button">Queue</button></p><h3>Worker</h3><p>Create a queue.</p>`,
    ),
    ['.excluded-by-option'],
  );

  it('takes the title from the h1 and the text from the markdown, without what never prints', () => {
    assert.equal(article.title, 'Setup');
    assert.match(article.text, /^Setup\nSetup takes one command/);
    for (const absent of [
      'leaked',
      '.x{}',
      'Enable JavaScript',
      'mathml source',
      'archived row',
      'All states',
      'Show archived jobs',
      'gone',
      'On this page',
      'Edit this page',
      'Copyright',
      'Fixture Docs',
    ]) {
      assert.ok(!article.text.includes(absent), absent);
    }
    for (const present of ['x squared', 'Yarn panel text', 'visible row', 'Usage']) assert.ok(article.text.includes(present), present);
  });

  it('keeps blocks apart, so words of two cells do not run together', () => {
    assert.match(article.text, /\nYarn panel text\nvisible row\n/);
  });

  it('reads apart the words of an inline element the rendered page lays out as a box of its own', () => {
    const pill = readArticle(
      '<main><article><div class="theme-doc-markdown"><h1>Create user</h1><h3>Body<span data-check-box="">required</span></h3><p>Pet<span>Store</span></p></div></article></main>',
      [],
    );
    assert.equal(pill.text, 'Create user\nBody required\nPetStore');
  });

  it('lists the chrome around the article, which must not print', () => {
    assert.deepEqual(
      article.chrome.map((chrome) => [chrome.kind, chrome.parts]),
      [
        ['edit-this-page', ['Edit this page']],
        ['copyright', ['Copyright © 2026 Fixture Docs. Built for the book checker tests.']],
        ['toc-mobile', ['On this page']],
        ['breadcrumbs', ['Guides', 'Setup']],
      ],
    );
  });

  it('lists the headings, the title among them, with their levels, and the link targets as written', () => {
    assert.deepEqual(
      article.headings.map(({level, text}) => ({level, text})),
      [
        {level: 1, text: 'Setup'},
        {level: 2, text: 'Usage'},
        {level: 3, text: 'Worker'},
      ],
    );
    assert.deepEqual(article.hrefs, ['#usage']);
  });

  it('lists the placeholders and button labels of the article, but not a button labelled as a tab (in any case) or as words the article prints', () => {
    assert.deepEqual(article.placeholders, ['Filter by job name', 'Notes']);
    assert.deepEqual(article.buttonLabels, ['Show archived jobs']);
  });

  it('owes no interactive form, no label of a field, and lists a select with no label as a lone value', () => {
    const form = readArticle(
      builtPage(
        DOCS[1]!,
        `<p>Send a request.</p><form class="request"><details open><summary>Base URL</summary><label for="token">Bearer Token</label><input id="token" placeholder="Bearer Token"></details><pre>{"id": 1}</pre></form>
<div class="openapi-explorer__response-container"><p>Click the Send API Request button above</p></div>
<p><label>State <select><option>All</option><option>Failed</option></select></label> <select><option>Any queue</option></select></p>
<form><label><input type="checkbox"> Redis persistence set to append-only</label></form>`,
      ),
      [],
    );
    for (const absent of ['Base URL', 'Bearer Token', '"id"', 'Click the Send', 'State', 'Any queue'])
      assert.ok(!form.text.includes(absent), absent);
    assert.match(form.text, /Send a request\.[^]*Redis persistence set to append-only/);
    assert.deepEqual(form.codeBlocks, []);
    assert.deepEqual(form.loneValues, ['Any queue']);
  });

  it('tells whether text comes before the h1, which then may be a heading further down rather than the title', () => {
    assert.equal(article.textBeforeTitle, false);
    const further = readArticle(
      '<main><article><div class="theme-doc-markdown"><p>Intro.</p><h1>Using with the CLI</h1></div></article></main>',
      [],
    );
    assert.equal(further.title, 'Using with the CLI');
    assert.equal(further.textBeforeTitle, true);
  });

  it('reads a generated index page, which has no markdown, from its main content', () => {
    const index = readArticle(
      '<main><nav class="theme-doc-breadcrumbs"><ul><li class="breadcrumbs__item">Guides</li></ul></nav><header><h1>All guides</h1><p>Every guide.</p></header><article><h2>Setup</h2></article><nav class="pagination-nav"><a class="pagination-nav__link"><div class="pagination-nav__sublabel">Next</div><div class="pagination-nav__label">Setup</div></a></nav></main>',
      [],
    );
    assert.equal(index.title, 'All guides');
    assert.equal(index.text, 'All guides\nEvery guide.\nSetup');
    assert.deepEqual(index.chrome.find((chrome) => chrome.kind === 'pagination')?.parts, ['Next', 'Setup']);
  });
});

describe('text in comparable form', () => {
  it('compares letters only: combining marks that NFKC leaves apart are dropped', () => {
    assert.equal(textKey('हिन्दी'), textKey('हन्द'));
    assert.equal(textKey('اُردُو'), textKey('اردو'));
    assert.equal(textKey('Café'), textKey('Cafe\u0301'));
    assert.notEqual(textKey('Café'), textKey('Cafe'));
  });

  it('drops spaces, punctuation, hyphens and emoji presentation marks', () => {
    assert.equal(textKey('Dead-letter queues!'), 'deadletterqueues');
    assert.equal(textKey('⚠️ Warning'), 'warning');
    assert.equal(textKey('1️⃣ One'), '1one');
  });

  it('splits CJK runs into chunks that count a character each, and keeps Latin words whole', () => {
    const units = proseUnits('設定ファイルを読む config.yaml', 4);
    assert.deepEqual(
      units.map((unit) => [unit.key, unit.weight]),
      [
        ['設定ファ', 4],
        ['イルを読', 4],
        ['む', 1],
        ['configyaml', 1],
      ],
    );
  });

  it('keeps the marks Japanese shares with other scripts (ー, 、) in its chunks', () => {
    const units = proseUnits('また、ユーザーがフォーカスする', 4);
    assert.deepEqual(
      units.map((unit) => unit.key),
      ['またユー', 'ザーがフ', 'ォーカス', 'する'],
    );
  });

  it('keeps hyphens and word boundaries for short chrome texts', () => {
    assert.notEqual(wordsOf('Appendix › Job Options Matrix'), wordsOf('appendix-job-options-matrix'));
    assert.equal(wordsOf('Appendix › Job Options Matrix'), 'appendix job options matrix');
  });

  it('lists the non-ASCII characters of a text, without marks and format characters', () => {
    assert.deepEqual([...nonAsciiChars('Café ⚠️ 東京\u200b')].sort(), ['é', '⚠', '京', '東'].sort());
  });
});
