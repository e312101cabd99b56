import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {BOOK_CSS} from '../../server/export/native/assemble/book-css';
import {builtCaptureForSuite} from '../helpers/built-capture';

// Tab groups of any make as capture prints them (capture/page/tab-panels.ts), in a real Chromium.
describe('tab panels in capture', {timeout: 60_000}, () => {
  const suite = builtCaptureForSuite();
  const capture = suite.capture;

  it('heads every tab panel with its own tab’s label, nested tabs too', async () => {
    const tabs = (labels: string[], panels: string[]) =>
      `<div class="tabs-container"><ul role="tablist">${labels.map((label) => `<li role="tab">${label}</li>`).join('')}</ul>` +
      `<div>${panels.map((panel, index) => `<div role="tabpanel"${index > 0 ? ' hidden' : ''}>${panel}</div>`).join('')}</div></div>`;
    const nested = tabs(['macOS', 'Linux'], [tabs(['Android', 'iOS'], ['<p>mac android</p>', '<p>mac ios</p>']), '<p>linux</p>']);
    const captured = await capture(nested);
    const order = [...captured.html.matchAll(/export-pdf-tab-label">([^<]*)<|<p>([^<]*)<\/p>/g)].map((match) => match[1] ?? match[2]);
    assert.deepEqual(order, ['macOS', 'Android', 'mac android', 'iOS', 'mac ios', 'Linux', 'linux']);
    assert.doesNotMatch(captured.html, /role="tablist"|\shidden/);
  });

  it('labels panels by the selected tab when the tabs are in another order than the panels, or only the chosen panel is rendered', async () => {
    const tab = (label: string, selected: boolean) => `<li role="tab" aria-selected="${selected}">${label}</li>`;
    const panel = (text: string, hidden: boolean) => `<div role="tabpanel"${hidden ? ' hidden' : ''}><p>${text}</p></div>`;
    const reordered = `<div class="tabs-container"><ul role="tablist">${tab('TypeScript', true)}${tab('JavaScript', false)}</ul><div>${panel('js code', true)}${panel('ts code', false)}</div></div>`;
    const lazy = `<div class="tabs-container"><ul role="tablist">${tab('npm', false)}${tab('Yarn', true)}${tab('pnpm', false)}</ul><div>${panel('yarn add', false)}</div></div>`;
    const captured = await capture(reordered + lazy);
    const order = [...captured.html.matchAll(/export-pdf-tab-label">([^<]*)<|<p>([^<]*)<\/p>/g)].map((match) => match[1] ?? match[2]);
    assert.deepEqual(order, ['JavaScript', 'js code', 'TypeScript', 'ts code', 'Yarn', 'yarn add']);
    assert.deepEqual(
      captured.needsBrowser,
      ['1 tab group(s) with panels only a browser renders'],
      'the lazy group sends the page to a tab',
    );
  });

  it('sends a page whose tab group has more panels than tabs to a tab, where pressing each tab pairs them', async () => {
    const captured = await capture(
      '<div class="tabs-container"><ul role="tablist"><li role="tab" aria-selected="true">sha256sum</li><li role="tab">shasum</li></ul>' +
        '<div><div role="tabpanel"><p>linux</p></div><div role="tabpanel" hidden><p>windows</p></div><div role="tabpanel" hidden><p>mac</p></div></div></div>',
    );
    assert.deepEqual(captured.needsBrowser, ['1 tab group(s) with more panels than tabs, paired by pressing each tab']);
    assert.ok(
      captured.warnings.some((warning) => warning.startsWith('1 tab panel(s) no tab of their group shows')),
      captured.warnings.join('\n'),
    );
  });

  it('pairs tab lists built without Docusaurus’ Tabs with their panels: by aria-controls, else by order, group by group', async () => {
    const tab = (label: string, extra = '') => `<button role="tab"${extra}>${label}</button>`;
    const captured = await capture(
      // Paired by aria-controls, the panels in another order than the tabs.
      `<div role="tablist">${tab('cat', ' aria-controls="p-cat" aria-selected="true"')}${tab('dog', ' aria-controls="p-dog"')}</div>` +
        '<div role="tabpanel" id="p-dog" hidden><p>dog fields</p></div><div role="tabpanel" id="p-cat"><p>cat fields</p></div>' +
        // Paired by order alone, outside any container, then a second such group right after it.
        `<div role="tablist">${tab('bee', ' aria-selected="true"')}${tab('ant')}</div>` +
        '<div role="tabpanel"><p>bee fields</p></div><div role="tabpanel" hidden><p>ant fields</p></div>' +
        `<div role="tablist">${tab('PUT')}${tab('POST')}</div>` +
        '<div role="tabpanel"><p>put body</p></div><div role="tabpanel" hidden><p>post body</p></div>',
    );
    const order = [...captured.html.matchAll(/export-pdf-tab-label">([^<]*)<|<p>([^<]*)<\/p>/g)].map((match) => match[1] ?? match[2]);
    assert.deepEqual(order, [
      'dog',
      'dog fields',
      'cat',
      'cat fields',
      'bee',
      'bee fields',
      'ant',
      'ant fields',
      'PUT',
      'put body',
      'POST',
      'post body',
    ]);
    assert.doesNotMatch(captured.html, /role="tablist"|role="tab"[^p]|\shidden/);
  });

  it('keeps the labels of a tab group nested in a panel of another inside one container with that panel', async () => {
    const group = (labels: string[], panels: string[]) =>
      `<ul role="tablist">${labels.map((label, index) => `<li role="tab" aria-selected="${index === 0}">${label}</li>`).join('')}</ul>` +
      panels.map((panel, index) => `<div role="tabpanel"${index > 0 ? ' hidden' : ''}>${panel}</div>`).join('');
    const captured = await capture(
      `<div class="tabs-container">${group(
        ['200', '400'],
        [
          group(['Schema', 'Example'], ['<p>ok schema</p>', '<p>ok example</p>']),
          group(['Schema', 'Example'], ['<p>bad schema</p>', '<p>bad example</p>']),
        ],
      )}</div>`,
    );
    const order = [...captured.html.matchAll(/export-pdf-tab-label">([^<]*)<|<p>([^<]*)<\/p>/g)].map((match) => match[1] ?? match[2]);
    assert.deepEqual(order, [
      '200',
      'Schema',
      'ok schema',
      'Example',
      'ok example',
      '400',
      'Schema',
      'bad schema',
      'Example',
      'bad example',
    ]);
  });

  it('puts back the panels a lazy group nested in another’s panel kept, and leaves that group’s other panels alone', async () => {
    // Docusaurus' .tabs-container is the outer group's: the nested list has none of its own.
    const order = await suite.page().evaluate(() => {
      const root = document.createElement('div');
      root.innerHTML =
        '<div class="tabs-container"><ul role="tablist"><li role="tab" aria-selected="true">Schema</li><li role="tab">Example</li></ul><div>' +
        '<div role="tabpanel"><ul role="tablist" data-export-pdf-tabs="0"><li role="tab" aria-selected="true">string</li><li role="tab">object</li></ul>' +
        '<div role="tabpanel"><p>a string</p></div></div><div role="tabpanel" hidden><p>the example</p></div></div></div>';
      window.__exportPdfTabPanels = new Map([
        [
          '0',
          [
            {label: 'string', html: '<div role="tabpanel"><p>a string</p></div>'},
            {label: 'object', html: '<div role="tabpanel"><p>an object</p></div>'},
          ],
        ],
      ]);
      window.__exportPdfLib!.restoreTabPanels(root);
      window.__exportPdfLib!.showTabPanels(root);
      window.__exportPdfTabPanels.clear();
      return [...root.querySelectorAll('.export-pdf-tab-label, p')].map((element) => element.textContent);
    });
    assert.deepEqual(order, ['Schema', 'string', 'a string', 'object', 'an object', 'Example', 'the example']);
  });

  it('leaves a tab list with no panel to pair as it is', async () => {
    const captured = await capture(
      '<div role="tablist"><a role="tab" href="/docs/a">Guide</a><a role="tab" href="/docs/b">API</a></div><p>text</p>',
    );
    assert.match(captured.html, /role="tablist"/);
    assert.doesNotMatch(captured.html, /export-pdf-tab-label/);
    assert.equal(captured.needsBrowser, undefined, 'no lazy group: nothing the browser would add');
  });

  it('shows every tab panel however the site hides the inactive ones, labelled unless its code block has the tab’s title', async () => {
    const panel = (hide: string, text: string) => `<div role="tabpanel" class="${hide}"><pre>${text}</pre></div>`;
    const captured = await capture(
      `<div class="tabs-container"><ul role="tablist"><li role="tab">a.ts</li><li role="tab">b.ts</li><li role="tab">c.ts</li><li role="tab">d.ts</li></ul><div class="row">` +
        `<div role="tabpanel"><div class="theme-code-block"><div class="codeBlockTitle_x1">a.ts</div><pre>first</pre></div></div>` +
        `${panel('collapsed', 'second')}${panel('gone', 'third')}${panel('stacked', 'fourth')}</div></div>`,
    );
    const labels = [...captured.html.matchAll(/export-pdf-tab-label">([^<]*)</g)].map((match) => match[1]);
    assert.deepEqual(labels, ['b.ts', 'c.ts', 'd.ts'], 'no label over a code block titled like its tab');
    // The panels laid out side by side (a flex row), as a theme's request editor does.
    const siteCss =
      '.row{display:flex}.collapsed{height:0;overflow:hidden}.gone{display:none}.stacked{position:absolute;top:0;visibility:hidden;opacity:0}';
    await suite
      .page()
      .setContent(`<!doctype html><html><head><style>${siteCss}${BOOK_CSS}</style></head><body>${captured.html}</body></html>`);
    const shown = await suite.page().evaluate(() =>
      [...document.querySelectorAll('pre')].map((pre) => {
        const box = pre.getBoundingClientRect();
        return `${pre.textContent}:${box.height > 0 && getComputedStyle(pre).visibility === 'visible'}`;
      }),
    );
    assert.deepEqual(shown, ['first:true', 'second:true', 'third:true', 'fourth:true']);
    const tops = await suite.page().evaluate(() => [...document.querySelectorAll('pre')].map((pre) => pre.getBoundingClientRect().top));
    assert.ok(
      tops.every((top, index) => index === 0 || top > tops[index - 1]!),
      `panels one below the other: ${tops.join(', ')}`,
    );
  });
});
