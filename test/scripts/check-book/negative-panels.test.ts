import assert from 'node:assert/strict';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import puppeteer, {type Browser} from 'puppeteer-core';
import {BOOK_CHECK_IDS, type CheckId} from '../../../scripts/check-book/check-types';
import {checkBook} from '../../../scripts/check-book/run';
import {findChromium, sandboxArgs} from '../../../server/chromium';
import {tempDir} from '../../helpers/fixtures';
import {printFixtureBook} from './fixture-book';
import {SITE_URL, writeFixtureSite} from './fixture-site';

const NPM = 'Install it with npm install acme-fixture and nothing else beside it.';
const YARN = 'Yarn users add acme-fixture to their workspace with one command instead.';
const VERIFY = 'Run acme doctor to see that the queue answers before you deploy.';

const WINDOWS = 'Windows PowerShell users run the installer from an elevated prompt first.';
const CORE = 'Cross-platform shells on Linux and macOS run the same script through pwsh.';

/**
 * A tab strip whose panels only its script shows (each tab shows its own panel of its strip; a
 * strip may sit in another's panel). A panel's text is its HTML; an empty one has no box.
 */
const tabStrip = (tabs: Array<[label: string, html: string]>) => `<div class="strip"><div role="tablist">${tabs
  .map(([tab], at) => `<button type="button" role="tab" aria-selected="${at === 0}">${tab}</button>`)
  .join('')}</div>
${tabs.map(([, html], at) => `<div role="tabpanel"${at ? ' hidden' : ''}>${html}</div>`).join('')}
<script>
{
  const strip = document.currentScript.parentElement;
  const tabs = [...strip.querySelectorAll(':scope > [role="tablist"] > [role="tab"]')];
  const panels = [...strip.querySelectorAll(':scope > [role="tabpanel"]')];
  tabs.forEach((tab, index) => tab.addEventListener('click', () => {
    tabs.forEach((other, at) => other.setAttribute('aria-selected', String(at === index)));
    panels.forEach((panel, at) => (panel.hidden = at !== index));
  }));
}
</script></div>`;
const para = (text: string) => `<p>${text}</p>`;

/** The setup page as built: npm and Yarn tabs, then a section with words of its own. */
const SITE_TABS = `${tabStrip([
  ['npm', para(NPM)],
  ['Yarn', para(YARN)],
])}
<h2 id="verify">Verify</h2><p>${VERIFY}</p>`;

/** The second of two schema tabs both labelled "string", as an API reference's anyOf prints them. */
const ENUM = 'string Possible values: dealValue, price, userRating';

/**
 * A request body's fields, each with its own tabs of the same labels, as an API reference's schema
 * prints its examples; the last a oneOf whose first option (a schema that holds itself) is empty.
 */
const BODY_FIELDS: Array<[field: string, examples: Array<[label: string, text: string]>]> = [
  [
    'name string',
    [
      ['Example 1', 'Example: John Doe'],
      ['Example 2', 'Example: Jane Smith'],
    ],
  ],
  [
    'isStudent boolean',
    [
      ['Example 1', 'Example: true'],
      ['Example 2', 'Example: false'],
    ],
  ],
  [
    'condition oneOf',
    [
      ['Option 1', ''],
      ['Option 2', 'operator string Possible values: OR'],
    ],
  ],
];
const AUTO_EXAMPLE = '{"name": "John Doe", "isStudent": true}';

const FETCH = 'fetch("https://queue.example/jobs", requestOptions).then((response) => response.json())';
const JQUERY = '$.ajax({url: "https://queue.example/jobs", method: "GET"}).done((jobs) => console.log(jobs))';
/**
 * Two code samples, as an API theme's code generator fills them: the pressed tab's panel shows the
 * previous sample until the generator's answer renders, here 300 ms later (a busy machine).
 */
const LATE_SAMPLES = `<div class="late"><div role="tablist"><button type="button" role="tab" aria-selected="true">FETCH</button><button type="button" role="tab" aria-selected="false">JQUERY</button></div>
<div role="tabpanel"><p>${FETCH}</p></div><div role="tabpanel" hidden><p></p></div>
<script>
{
  const strip = document.currentScript.parentElement;
  const tabs = [...strip.querySelectorAll(':scope > [role="tablist"] > [role="tab"]')];
  const panels = [...strip.querySelectorAll(':scope > [role="tabpanel"]')];
  const codes = [${JSON.stringify(FETCH)}, ${JSON.stringify(JQUERY)}];
  tabs.forEach((tab, index) => tab.addEventListener('click', () => {
    const before = panels.find((panel) => !panel.hidden).textContent;
    tabs.forEach((other, at) => other.setAttribute('aria-selected', String(at === index)));
    panels.forEach((panel, at) => (panel.hidden = at !== index));
    panels[index].firstChild.textContent = before;
    setTimeout(() => (panels[index].firstChild.textContent = codes[index]), 300);
  }));
}
</script></div>`;

/**
 * The introduction as built: a group that repeats a label, as a site with two shells' tabs does;
 * a schema's anyOf whose first panel says no more than its label; a request body's fields with
 * tabs of their own (BODY_FIELDS); then a frame and a click-to-load
 * video preview, which the book owes a link each.
 */
const INTRO_TABS = `${tabStrip([
  ['PowerShell', para(WINDOWS)],
  ['PowerShell', para(CORE)],
])}
${tabStrip([
  ['string', para('string')],
  ['string', para(ENUM)],
])}
${tabStrip([
  [
    'Body',
    BODY_FIELDS.map(([field, examples]) => para(field) + tabStrip(examples.map(([tab, text]) => [tab, text && para(text)]))).join(''),
  ],
  ['Example (auto)', para(AUTO_EXAMPLE)],
])}
${LATE_SAMPLES}
<iframe src="/embed/board?queue=emails" title="Queue board"></iframe>
<article class="yt-lite" role="img" aria-label="Retrying a failed job - YouTube video preview" style="background-image:url(/vi/aqz-KE-bpKQ/hqdefault.jpg)"><button type="button" class="lty-playbtn"></button></article>`;

const label = (text: string) => `<div class="export-pdf-tab-label">${text}</div>`;

/** The introduction's schema panels, in order. */
const SCHEMA_PANELS = `${label('string')}<p>string</p>${label('string')}<p>${ENUM}</p>`;
/** The request body's panels in order, `swap` printing the second field's examples under each other's label. */
const bodyPanels = (swap = false) =>
  `${label('Body')}${BODY_FIELDS.map(
    ([field, examples], at) =>
      para(field) + examples.map(([tab], index) => label(tab) + para(examples[swap && at === 1 ? 1 - index : index]![1])).join(''),
  ).join('')}${label('Example (auto)')}${para(AUTO_EXAMPLE)}`;
/** The code samples' panels in order. */
const SAMPLE_PANELS = `${label('FETCH')}${para(FETCH)}${label('JQUERY')}${para(JQUERY)}`;
/** The introduction's panels in order. */
const INTRO_PANELS = `${label('PowerShell')}<p>${WINDOWS}</p>${label('PowerShell')}<p>${CORE}</p>${SCHEMA_PANELS}${bodyPanels()}${SAMPLE_PANELS}`;
/** The lines the engine prints for the introduction's embeds. */
const INTRO_EMBEDS = `<p>Queue board: <a href="${SITE_URL}/embed/board?queue=emails">${SITE_URL}/embed/board?queue=emails</a></p>
<p>Video: Retrying a failed job: <a href="https://www.youtube.com/watch?v=aqz-KE-bpKQ">https://www.youtube.com/watch?v=aqz-KE-bpKQ</a></p>`;

const verify = (body: string) => `<h2>Verify</h2>${body}`;

describe('book checker on tab panels, sections and embeds printed wrong on purpose', {timeout: 180_000}, () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof tempDir>>;
  let count = 0;

  before(async () => {
    browser = await puppeteer.launch({executablePath: findChromium(), args: sandboxArgs(), headless: true});
    site = await tempDir('check-book-panels');
    await writeFixtureSite(site.dir, {intro: INTRO_TABS, 'guides/setup': SITE_TABS});
  });
  after(async () => {
    await browser?.close();
    await site?.remove();
  });

  /**
   * Prints the book with this setup page ending (and the introduction's, by default its panels in
   * order and its embeds' links) and returns the book checks that fail, with the report.
   */
  async function check(setupEnd: string, introEnd = INTRO_PANELS + INTRO_EMBEDS) {
    const pdf = path.join(site.dir, `book-${++count}.pdf`);
    await writeFile(pdf, await printFixtureBook(browser, {extraHtml: {intro: introEnd, 'guides/setup': setupEnd}}));
    const report = await checkBook({site: site.dir, pdf});
    const failing = report.checks
      .filter((result) => !result.pass && (BOOK_CHECK_IDS as readonly CheckId[]).includes(result.id))
      .map((result) => result.id);
    return {report, failing, result: (id: CheckId) => report.checks.find((candidate) => candidate.id === id)!};
  }

  it('passes a book with every panel under its own label and every section with its words', async () => {
    const {failing, result} = await check(`${label('npm')}<p>${NPM}</p>${label('Yarn')}<p>${YARN}</p>${verify(`<p>${VERIFY}</p>`)}`);
    assert.deepEqual(failing, [], JSON.stringify(result('panels')) + JSON.stringify(result('sections')));
    assert.equal(result('panels').measures.panelsFound, 16);
    assert.equal(result('panels').measures.renderedPages, 2);
    assert.equal(result('embeds').measures.linked, 2);
  });

  it('flags a panel printed under the other tab’s label', async () => {
    const {failing, result} = await check(`${label('npm')}<p>${YARN}</p>${label('Yarn')}<p>${NPM}</p>${verify(`<p>${VERIFY}</p>`)}`);
    assert.deepEqual(failing, ['panels']);
    assert.equal(result('panels').measures.misplaced, 2);
    assert.match(result('panels').findings[0]!.text, /"Setup": the panel of tab "npm" printed under another label/);
  });

  it('pairs the panels of a label a group repeats in order, and flags them swapped', async () => {
    const right = `${label('npm')}<p>${NPM}</p>${label('Yarn')}<p>${YARN}</p>${verify(`<p>${VERIFY}</p>`)}`;
    const {failing, result} = await check(
      right,
      `${label('PowerShell')}<p>${CORE}</p>${label('PowerShell')}<p>${WINDOWS}</p>${SCHEMA_PANELS}${bodyPanels()}${SAMPLE_PANELS}${INTRO_EMBEDS}`,
    );
    assert.deepEqual(failing, ['panels']);
    assert.equal(result('panels').measures.misplaced, 2);
    assert.match(result('panels').findings[0]!.text, /"Introduction": the panel of tab "PowerShell" printed under another label/);
  });

  it('pairs tab groups of one panel that repeat their labels each with its own lines, and flags one swapped', async () => {
    const right = `${label('npm')}<p>${NPM}</p>${label('Yarn')}<p>${YARN}</p>${verify(`<p>${VERIFY}</p>`)}`;
    const {failing, result} = await check(
      right,
      `${label('PowerShell')}<p>${WINDOWS}</p>${label('PowerShell')}<p>${CORE}</p>${SCHEMA_PANELS}${bodyPanels(true)}${SAMPLE_PANELS}${INTRO_EMBEDS}`,
    );
    assert.deepEqual(failing, ['panels']);
    assert.equal(result('panels').measures.misplaced, 2);
    assert.match(result('panels').findings[0]!.text, /"Introduction": the panel of tab "Example 1" printed under another label/);
  });

  it('flags a frame and a video preview printed with no link to them', async () => {
    const right = `${label('npm')}<p>${NPM}</p>${label('Yarn')}<p>${YARN}</p>${verify(`<p>${VERIFY}</p>`)}`;
    const {failing, result} = await check(right, INTRO_PANELS);
    assert.deepEqual(failing, ['embeds']);
    assert.deepEqual(
      result('embeds').findings.map((finding) => finding.text),
      [
        '"Introduction": frame "Queue board" (/embed/board?queue=emails) has no link in its chapter',
        '"Introduction": video preview "Retrying a failed job - YouTube video preview" (aqz-KE-bpKQ) has no link in its chapter',
      ],
    );
  });

  it('flags a tab group printed as its chosen panel only, with no labels', async () => {
    const {failing, result} = await check(`<p>${NPM}</p>${verify(`<p>${VERIFY}</p>`)}`);
    assert.deepEqual(failing, ['prose', 'panels']);
    assert.match(
      result('panels')
        .findings.map((finding) => finding.text)
        .join('\n'),
      /tab "Yarn" not printed as a label/,
    );
  });

  it('flags a section whose heading prints with nothing under it', async () => {
    const {failing, result} = await check(`${label('npm')}<p>${NPM}</p>${label('Yarn')}<p>${YARN}</p>${verify('')}`);
    assert.deepEqual(failing, ['prose', 'sections']);
    assert.match(result('sections').findings[0]!.text, /"Setup": section "Verify" prints nothing, where the page has 12 words/);
  });
});
