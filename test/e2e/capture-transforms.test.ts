import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {svgScope} from '../../server/export/native/capture/capture-chapters';
import {INTERACTIVE_PANELS} from '../../server/export/native/shared/interactive-panels';
import {builtCaptureForSuite} from '../helpers/built-capture';

// The transforms a page goes through when it is captured (capture/page/), in a real Chromium.
describe('capture transforms', {timeout: 60_000}, () => {
  const suite = builtCaptureForSuite();
  const capture = suite.capture;

  /** Loads captured HTML into the tab and runs `probe` on it. */
  async function inTab<T>(html: string, probe: () => T): Promise<T> {
    await suite.page().setContent(`<!doctype html><html><body>${html}</body></html>`);
    return suite.page().evaluate(probe) as Promise<T>;
  }

  it('warns of images without an alt attribute, by file name, and not of decorative ones (alt="")', async () => {
    const captured = await capture(
      '<p><img src="/img/chart.png?v=2"><img src="/img/logo.svg" alt=""><img src="/img/ok.png" alt="A chart"></p>',
    );
    assert.deepEqual(captured.warnings, ['1 image(s) without alt text, which the tagged PDF cannot describe: chart.png']);
    assert.deepEqual((await capture('<p><img src="/a.png" alt="A"></p>')).warnings, []);
    const spaces = await capture('<p><img src="/banner.svg" alt=" "></p>');
    assert.deepEqual(spaces.warnings, []);
    assert.match(spaces.html, /<img src="[^"]+\/banner\.svg" alt="" /, 'an alt of spaces is decorative, as alt="" is');
    const figure = await capture('<figure><img src="/a.png" alt="Android Studio"><figcaption>Where the project is</figcaption></figure>');
    assert.match(
      figure.html,
      /<figure role="group"><img [^>]*alt="Android Studio"/,
      'a figure is a group around the image, not a Figure without alt',
    );
  });

  it('labels each KaTeX formula with its TeX source for a screen reader, its drawing kept and its hidden MathML gone', async () => {
    const captured = await capture(
      '<p>Attempt <span class="katex"><span class="katex-mathml"><math><semantics><mi>n</mi><annotation encoding="application/x-tex">d_n = 2^{n-1}</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="base">dn=2n−1</span></span></span> waits.</p>',
    );
    assert.match(
      captured.html,
      /<span class="katex" role="img" aria-label="d_n = 2\^\{n-1\}"><span class="katex-html"><span class="base">dn=2n−1<\/span>/,
    );
    assert.doesNotMatch(captured.html, /katex-mathml|<math/);
  });

  it('opens a page that shows no title (hide_title) with the doc’s title, and leaves a page with its own h1 alone', async () => {
    const untitled = await capture('<p>Text without a title.</p>');
    assert.match(untitled.html, /<div class="theme-doc-markdown markdown"><header><h1>Setup<\/h1><\/header><p>Text without a title/);
    const titled = await capture('<header><h1>Its own title</h1></header><p>Text.</p>');
    assert.doesNotMatch(titled.html, />Setup</);
    // Docusaurus takes an h1 further down for the page's title and shows none at the top.
    const further = await capture('<p>Text above.</p><h1>Using with the CLI</h1><p>More.</p>');
    assert.match(further.html, /<header><h1>Setup<\/h1><\/header><p>Text above/);
    // An API page's title under a line of its template's: it reads as the title, so it is the title.
    const templated = await capture('<p>Generated from a template.</p><h1>Setup</h1><p>More.</p>');
    assert.doesNotMatch(templated.html, /<header>/);
  });

  it('leaves out comments, so a server-rendered page captures as the same page rendered by the router', async () => {
    const served = await capture('<ul><li><a href="/docs/a"><code>config-flow</code></a>: <!-- -->Set up via the UI<!-- --></li></ul>');
    const routed = await capture('<ul><li><a href="/docs/a"><code>config-flow</code></a>: Set up via the UI</li></ul>');
    assert.doesNotMatch(served.html, /<!--/);
    assert.equal(served.html, routed.html);
  });

  it('renames SVG ids so the diagram’s own CSS still applies in a doc whose id has a slash', async () => {
    const svg = `<svg id="mermaid-1" xmlns="http://www.w3.org/2000/svg" width="100" height="40"><style>#mermaid-1 .node rect{fill:#ececff;stroke:#9370db}</style><g class="node"><rect id="n1" width="80" height="30"></rect></g><use href="#n1"></use></svg>`;
    const captured = await capture(`<p>Diagram:</p><div class="docusaurus-mermaid-container">${svg}</div>`, 'advanced/architecture');
    assert.doesNotMatch(captured.html, /advanced\/architecture--svg/, 'no slash in an SVG id');
    const fill = await inTab(captured.html, () => getComputedStyle(document.querySelector('.node rect')!).fill);
    assert.equal(fill, 'rgb(236, 236, 255)');
    const used = await inTab(captured.html, () => document.querySelector('use')!.getAttribute('href'));
    assert.equal(used, `#${svgScope('advanced/architecture')}-svg0-n1`);
  });

  it('gives two chapters’ diagrams different ids', async () => {
    const svg = '<svg id="mermaid-1"><g id="a"></g></svg>';
    const one = await capture(svg, 'guides/a');
    const two = await capture(svg, 'guides/b');
    const ids = (html: string) => [...html.matchAll(/id="([^"]+)"/g)].map((match) => match[1]);
    assert.equal(ids(one.html).filter((id) => ids(two.html).includes(id)).length, 0);
  });

  it('prints a Snack embed as its code files, and a saved Snack as a link to it', async () => {
    const files = encodeURIComponent(
      JSON.stringify({
        'App.tsx': {type: 'CODE', contents: 'const a = <View />;\n'},
        'utils.ts': {type: 'CODE', contents: 'export const b = 1;'},
        'icon.png': {type: 'ASSET', contents: 'https://x.example/icon.png'},
      }),
    );
    const captured = await capture(
      `<div class="snack-player" data-snack-name="Vibration%20Example" data-snack-files="${files}"></div>` +
        `<div data-snack-code="console.log('hi')%3B" data-snack-name="Hello"><iframe src="https://snack.expo.dev/embedded?name=Hello"></iframe></div>` +
        '<div data-snack-id="@acme/tabs-demo" data-snack-name="Tabs"></div><div data-snack-files="%7Bbroken"></div>',
    );
    const titles = [...captured.html.matchAll(/export-pdf-code-title">([^<]*)</g)].map((match) => match[1]);
    assert.deepEqual(titles, ['Vibration Example — App.tsx', 'Vibration Example — utils.ts', 'Hello — App.js']);
    assert.match(captured.html, /<pre><code>const a = &lt;View \/&gt;;<\/code><\/pre>/);
    assert.match(captured.html, /<code>console\.log\('hi'\);<\/code>/);
    assert.match(captured.html, /<p class="export-pdf-embed">Snack: Tabs: <a href="https:\/\/snack\.expo\.dev\/@acme\/tabs-demo">/);
    assert.doesNotMatch(captured.html, /data-snack|<iframe|icon\.png|snack-player/);
  });

  it('offers line breaks in long tokens at separators and camelCase, never inside short words', async () => {
    const captured = await capture(
      '<table><tr><td><code>workers.lockDurationMs</code></td><td>ACME_WORKERS__LOCK_DURATION_MS</td><td>number</td></tr></table>',
    );
    assert.match(captured.html, /workers\.<wbr>lock<wbr>Duration<wbr>Ms/);
    assert.match(captured.html, /ACME_<wbr>WORKERS__<wbr>LOCK_<wbr>DURATION_<wbr>MS/);
    assert.match(captured.html, /<td>number<\/td>/);
  });

  it('keeps a command-line flag whole, or a long one whole up to its first inner hyphen, never broken after its dashes', async () => {
    const captured = await capture(
      '<table><tr><td><code>--prefix</code></td><td><code>-t</code></td><td>Pass <code>--no-color</code> or --experimental-vm-modules-loader, not e-mail</td></tr></table>',
    );
    assert.match(captured.html, /<code><span class="export-pdf-nowrap">--prefix<\/span><\/code>/);
    assert.match(captured.html, /<code><span class="export-pdf-nowrap">-t<\/span><\/code>/);
    assert.match(captured.html, /<span class="export-pdf-nowrap">--no-color<\/span>/);
    assert.match(captured.html, /<span class="export-pdf-nowrap">--experimental<\/span>-<wbr>vm-<wbr>modules-<wbr>loader,/);
    assert.doesNotMatch(captured.html, /nowrap">mail/);
  });

  it('prints a labelled field as "label: value", drops a field with no label or no value with its label, and buttons, and shows hidden rows', async () => {
    const captured = await capture(`
      <label>State <select><option value="all">All</option><option value="failed" selected>Failed</option></select></label>
      <select><option>All queues</option></select>
      <label for="name">Name filter</label> <input id="name" type="search" placeholder="Filter by job name…">
      <input type="text" value="invoices" aria-label="Queue">
      <input type="text" value="unnamed value">
      <label><input type="checkbox" checked> Only my jobs</label>
      <ul><li class="task-list-item"><input type="checkbox" disabled> TLS between workers and Redis</li></ul>
      <table><tr><td>shown</td></tr><tr hidden><td>archived job</td></tr></table>
      <button type="button">Show archived jobs</button>`);
    assert.doesNotMatch(captured.html, /<(select|input|button|textarea)\b|<label>State|Name filter/);
    assert.doesNotMatch(captured.html, /Filter by job name|Name filter|All queues|unnamed value|Show archived jobs/);
    assert.match(captured.html, /<span class="export-pdf-field">State: <span class="export-pdf-value">Failed<\/span><\/span>/);
    assert.match(captured.html, /<span class="export-pdf-field">Queue: <span class="export-pdf-value">invoices<\/span><\/span>/);
    assert.match(captured.html, /<span class="export-pdf-checkbox" data-checked=""><\/span> Only my jobs/);
    assert.match(captured.html, /<span class="export-pdf-checkbox"><\/span> TLS between workers and Redis/);
    assert.doesNotMatch(captured.html, /\shidden/);
    assert.match(captured.html, /archived job/);
  });

  it('prints a disclosure’s button as what it holds, in its classes, and leaves out one with no text and a menu’s', async () => {
    const captured = await capture(`
      <div class="opblock"><button aria-expanded="false" class="opblock-summary-control"><span class="method">GET</span><span class="path">/pet/{petId}</span><div class="summary">Find pet by ID</div></button>
      <button aria-expanded="false" class="arrow"><svg viewBox="0 0 1 1"></svg></button></div>
      <h3><button aria-expanded="true" class="accordion">Rate limits</button></h3>
      <div class="copyPage"><button aria-expanded="false" aria-haspopup="true" class="copyPageButton"><svg viewBox="0 0 1 1"></svg><span>Copy page</span></button></div>`);
    assert.doesNotMatch(captured.html, /<button\b/);
    assert.doesNotMatch(captured.html, /Copy page|copyPageButton/, 'a menu button (aria-haspopup) is no disclosure: it goes');
    assert.match(
      captured.html,
      /<div class="opblock-summary-control export-pdf-disclosure"><span class="method">GET<\/span><span class="path">\/pet\/\{petId\}<\/span><div class="summary">Find pet by ID<\/div><\/div>/,
    );
    assert.match(captured.html, /<h3[^>]*><span class="accordion export-pdf-disclosure">Rate limits<\/span><\/h3>/);
    assert.doesNotMatch(captured.html, /class="arrow/);
  });

  it('leaves out a form to fill in and a request builder’s response area, and keeps a form of check boxes', async () => {
    const captured = await capture(
      `<p>Before.</p><form><details open><summary>Base URL</summary><label for="t">Bearer Token</label><input id="t" placeholder="Bearer Token"></details>
      <pre contenteditable="plaintext-only">{"id": 1}</pre></form>
      <div class="openapi-explorer__response-container"><p>Click the <code>Send API Request</code> button above</p></div>
      <form><label><input type="checkbox"> Redis persistence set to append-only</label></form><p>After.</p>`,
      'guides/setup',
      {excludeSelectors: [...INTERACTIVE_PANELS]},
    );
    assert.doesNotMatch(captured.html, /Base URL|Bearer Token|"id"|Send API Request/);
    assert.match(captured.html, /Before\.[^]*Redis persistence set to append-only[^]*After\./);
  });

  it('prints a click-to-load video as a line naming it and linking to it, not as its preview', async () => {
    const captured = await capture(
      '<div class="video"><noscript><a href="https://www.youtube.com/watch?v=abc-123">Watch &quot;Queue walkthrough&quot; on YouTube</a></noscript>' +
        '<article class="yt-lite" style="background-image:url(https://i.ytimg.com/vi/abc-123/hqdefault.jpg)"><button class="lty-playbtn" aria-label="Watch"><span>Watch</span></button></article></div>' +
        '<article class="yt-lite" aria-label="undefined - YouTube video preview" style="background-image:url(https://i.ytimg.com/vi/xyz_9/hqdefault.jpg)"><button class="lty-playbtn"></button></article>' +
        '<noscript></noscript><article class="yt-lite" aria-label="Retries - YouTube video preview" style="background-image:url(https://i.ytimg.com/vi/r1/hqdefault.jpg)"><button class="lty-playbtn"></button></article>' +
        '<lite-youtube videoid="lite1" playlabel="Play: Scaling workers"></lite-youtube><lite-vimeo videoid="76979871"></lite-vimeo>',
    );
    assert.doesNotMatch(captured.html, /yt-lite|lite-youtube|lite-vimeo|noscript/);
    assert.match(
      captured.html,
      /<p class="export-pdf-embed">Video: Queue walkthrough: <a href="https:\/\/www\.youtube\.com\/watch\?v=abc-123">/,
    );
    assert.match(captured.html, /<p class="export-pdf-embed">Video: <a href="https:\/\/www\.youtube\.com\/watch\?v=xyz_9">/);
    assert.match(
      captured.html,
      /<p class="export-pdf-embed">Video: Play: Scaling workers: <a href="https:\/\/www\.youtube\.com\/watch\?v=lite1">/,
    );
    assert.match(captured.html, /<p class="export-pdf-embed">Video: <a href="https:\/\/vimeo\.com\/76979871">/);
  });

  it('prints a picture a script loads late (ideal image) as the picture at its largest width, not its blurred placeholder', async () => {
    const captured = await capture(
      '<div style="background-image:url(&quot;data:image/png;base64,iVBORw0KGgo=&quot;);background-size:cover"><svg style="width:100%;height:auto" width="640" height="782"></svg>' +
        '<noscript><img style="position:absolute;top:0" src="/img/a.640.png" srcset="/img/a.640.png 640w,/img/a.900.png 900w" alt="Retry delays" width="640" height="782"></noscript></div>' +
        '<svg width="10" height="10"></svg><noscript><a href="/x">Not a picture</a></noscript>',
    );
    assert.match(
      captured.html,
      /<img src="[^"]*\/img\/a\.900\.png" alt="Retry delays" width="640" height="782" style="width:100%;height:auto"/,
    );
    assert.doesNotMatch(captured.html, /data:image|noscript|position:absolute/);
    assert.match(captured.html, /<svg width="10" height="10"><\/svg>/);
  });

  it('prints an embedded frame as a line naming it and linking to it', async () => {
    const captured = await capture(
      '<iframe title="Snack example" src="https://snack.example.com/embedded/@x" height="500"></iframe><iframe src="about:blank"></iframe>' +
        '<div class="videoWrapper" style="background:#000;padding-bottom:56%"><iframe src="https://video.example.com/embed/1"></iframe></div>',
    );
    assert.doesNotMatch(captured.html, /<iframe|videoWrapper/);
    assert.match(captured.html, /<p class="export-pdf-embed">Embedded content: <a href="https:\/\/video\.example\.com\/embed\/1">/);
    assert.match(captured.html, /<p class="export-pdf-embed">Snack example: <a href="https:\/\/snack\.example\.com\/embedded\/@x">/);
  });

  it('prints a video or audio player as a line linking to it, a video with its poster above', async () => {
    const captured = await capture(
      '<div class="player" style="background:#000"><video controls><source src="/media/demo.mp4" type="video/mp4"></video></div>' +
        '<video title="Queue walkthrough" poster="/img/walkthrough.png" src="/media/walkthrough.webm"></video>' +
        '<audio controls src="/media/jingle.mp3"></audio>' +
        // A screen recording shown once its first frame loads: the line in its place must show.
        '<div class="screen" style="opacity:0"><div class="screen-header"></div><video src="/media/recording.webm"></video></div>',
    );
    assert.doesNotMatch(captured.html, /<(video|audio|source)\b|class="player"/);
    assert.match(captured.html, /<p class="export-pdf-embed">Video: <a href="http:\/\/[^"]+\/media\/demo\.mp4"/);
    assert.match(
      captured.html,
      /<img src="http:\/\/[^"]+\/img\/walkthrough\.png" alt="Queue walkthrough"><p class="export-pdf-embed">Video: Queue walkthrough: <a href="http:\/\/[^"]+\/media\/walkthrough\.webm"/,
    );
    assert.match(captured.html, /<p class="export-pdf-embed">Audio: <a href="http:\/\/[^"]+\/media\/jingle\.mp3"/);
    // The line reads as the site's public address, where a reader finds the file.
    assert.match(
      captured.html.replaceAll('<wbr>', ''),
      /<p class="export-pdf-embed">Audio: <a [^>]+>https:\/\/docs\.example\.com\/media\/jingle\.mp3<\/a>/,
    );
    assert.match(
      captured.html,
      /<div class="screen" style="opacity: 1 !important;"><div class="screen-header"><\/div><p class="export-pdf-embed">Video: <a href="http:\/\/[^"]+\/media\/recording\.webm"/,
    );
  });

  it('treats links to the site’s public URL as links within the site', async () => {
    const captured = await capture(
      '<p><a href="https://docs.example.com/docs/guides/retries#backoff">retries</a> <a href="https://elsewhere.example.com/docs/x">other</a></p>',
    );
    assert.deepEqual(captured.targets, ['/docs/guides/retries#backoff']);
    assert.match(
      captured.html,
      /href="http:\/\/127\.0\.0\.1:3999\/docs\/guides\/retries#backoff" data-export-path="\/docs\/guides\/retries"/,
    );
    assert.match(captured.html, /href="https:\/\/elsewhere\.example\.com\/docs\/x"/);
  });

  it('reports headings with ids prefixed by the chapter key', async () => {
    const captured = await capture(
      '<h2 class="anchor" id="install">Install<a class="hash-link" href="#install">#</a></h2>',
      'guides/setup',
      {
        excludeSelectors: ['.hash-link'],
      },
    );
    assert.deepEqual(captured.headings, [{id: 'guides/setup--install', level: 2, text: 'Install'}]);
    assert.deepEqual(captured.ids, ['guides/setup--install']);
  });

  it('numbers the copies of a heading id that a partial repeats in each tab panel', async () => {
    const panel = (os: string) => `<div role="tabpanel"><p>${os}</p><h2 id="installing">Installing</h2></div>`;
    const captured = await capture(
      `<div class="tabs-container"><ul role="tablist"><li role="tab">macOS</li><li role="tab">Linux</li></ul>${panel('mac')}${panel('linux')}</div>`,
    );
    assert.deepEqual(
      captured.headings.map((heading) => heading.id),
      ['guides/setup--installing', 'guides/setup--installing~2'],
    );
  });
});
