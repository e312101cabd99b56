import assert from 'node:assert/strict';
import type {Server} from 'node:http';
import {after, before, describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {PAGE_LIB_SCRIPT} from '../../server/export/native/capture/page/page-lib';
import {openExportPage} from '../../server/export/native/shared/export-page';
import {closeServer, freePort, listen} from '../../server/listen';
import {pageForSuite} from '../helpers/suite-page';

/** Lazy tab groups as a theme builds them: a list, and a panel that holds the chosen tab's content only. */
const SCRIPT = `
      function lazy(holder, labels, render) {
        const list = document.createElement('ul');
        list.setAttribute('role', 'tablist');
        const panel = document.createElement('div');
        const show = (index) => {
          [...list.children].forEach((tab, at) => tab.setAttribute('aria-selected', String(at === index)));
          panel.innerHTML = '';
          const inner = document.createElement('div');
          inner.setAttribute('role', 'tabpanel');
          render(index, inner);
          panel.append(inner);
        };
        labels.forEach((label, index) => {
          const tab = document.createElement('li');
          tab.setAttribute('role', 'tab');
          tab.textContent = label;
          tab.addEventListener('click', () => show(index));
          list.append(tab);
        });
        holder.append(list, panel);
        show(0);
      }
      lazy(document.getElementById('schema'), ['A string or integer', 'A boolean'], (index, panel) => {
        if (index === 1) return (panel.innerHTML = '<p>a boolean</p>');
        lazy(panel, ['A string', 'An integer'], (inner, innerPanel) => (innerPanel.innerHTML = inner ? '<p>an integer</p>' : '<p>a string</p>'));
      });`;

/**
 * As an API theme's schema: a lazy "anyOf" group (only the chosen panel rendered) whose first
 * panel holds a lazy "oneOf" group, inside the panel of a "Schema / Example" group whose Example
 * panel follows in the same container.
 */
const PAGE = `<!doctype html><html><body><div class="tabs-container">
<ul role="tablist"><li role="tab" aria-selected="true">Schema</li><li role="tab">Example</li></ul>
<div role="tabpanel" id="schema"></div><div role="tabpanel" hidden><p>the example</p></div></div>
<script>__SCRIPT__</script></body></html>`;

/**
 * As Docusaurus' Tabs with `values` one TabItem lacks: three panels for two tabs, each tab showing
 * the panel of its value, the second panel never shown.
 */
const VALUES_PAGE = `<!doctype html><html><body><div class="tabs-container">
<ul role="tablist"><li role="tab" aria-selected="true">sha256sum</li><li role="tab" aria-selected="false">shasum</li></ul>
<div><div role="tabpanel"><p>linux</p></div><div role="tabpanel" hidden><p>windows</p></div><div role="tabpanel" hidden><p>mac</p></div></div></div>
<script>
const tabs = [...document.querySelectorAll('[role="tab"]')];
const panels = [...document.querySelectorAll('[role="tabpanel"]')];
tabs.forEach((tab, index) => tab.addEventListener('click', () => {
  tabs.forEach((other) => other.setAttribute('aria-selected', String(other === tab)));
  panels.forEach((panel, at) => (panel.hidden = at !== [0, 2][index]));
}));
</script></body></html>`;

/**
 * As an API theme's code samples: one panel, marked with the chosen client at once, its code made
 * for that client 200 ms after the click.
 */
const SLOW_PAGE = `<!doctype html><html><body><div class="tabs-container">
<ul role="tablist"><li role="tab" aria-selected="true">OkHttp</li><li role="tab" aria-selected="false">Unirest</li></ul>
<div role="tabpanel" data-client="OkHttp"><pre>OkHttpClient client</pre></div></div>
<script>
const tabs = [...document.querySelectorAll('[role="tab"]')];
tabs.forEach((tab, index) => tab.addEventListener('click', () => {
  tabs.forEach((other) => other.setAttribute('aria-selected', String(other === tab)));
  document.querySelector('[role="tabpanel"]').dataset.client = tab.textContent;
  setTimeout(() => (document.querySelector('pre').textContent = ['OkHttpClient client', 'Unirest.setTimeouts(0, 0)'][index]), 200);
}));
</script></body></html>`;

/**
 * Two groups of eight clients, each panel's code made 300 ms after its tab is chosen: the
 * first group alone takes longer than a page's base time.
 */
const MANY_SLOW_PAGE = `<!doctype html><html><body>
<script>
for (const group of ['first', 'second']) {
  const container = document.createElement('div');
  container.className = 'tabs-container';
  const list = document.createElement('ul');
  list.setAttribute('role', 'tablist');
  const panel = document.createElement('div');
  panel.setAttribute('role', 'tabpanel');
  panel.innerHTML = '<pre>' + group + ' client 0</pre>';
  for (let index = 0; index < 8; index++) {
    const tab = document.createElement('li');
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-selected', String(index === 0));
    tab.textContent = group + ' ' + index;
    tab.addEventListener('click', () => {
      [...list.children].forEach((other) => other.setAttribute('aria-selected', String(other === tab)));
      setTimeout(() => (panel.querySelector('pre').textContent = group + ' client ' + index), 300);
    });
    list.append(tab);
  }
  container.append(list, panel);
  document.body.append(container);
}
</script></body></html>`;

// mountTabPanels (capture/page/tab-panels.ts) in a capture tab, on a page served over HTTP.
describe('lazy tab groups in a capture tab', {timeout: 60_000}, () => {
  let server: Server;
  let url: string;
  let valuesUrl: string;
  let page: Page;
  before(async () => {
    const port = await freePort();
    server = await listen(
      (request, response) =>
        void response
          .writeHead(200, {'content-type': 'text/html'})
          .end(
            ({'/docs/values': VALUES_PAGE, '/docs/slow': SLOW_PAGE, '/docs/many-slow': MANY_SLOW_PAGE} as Record<string, string>)[
              request.url ?? ''
            ] ?? PAGE.replace('__SCRIPT__', SCRIPT),
          ),
      port,
      '127.0.0.1',
      'page',
    );
    url = `http://127.0.0.1:${port}/docs/api`;
    valuesUrl = `http://127.0.0.1:${port}/docs/values`;
  });
  pageForSuite(
    (browser) => openExportPage(browser, 900, PAGE_LIB_SCRIPT),
    (opened) => (page = opened),
  );
  after(() => closeServer(server));

  it('presses every tab of a lazy group nested in a lazy group’s panel, where the groups around it have panels after it', async () => {
    await page.goto(url);
    await page.evaluate(() => window.__exportPdfLib!.mountTabPanels(document.body, {baseMs: 10_000, perTabMs: 1_500, capMs: 60_000}));
    const kept = await page.evaluate(() =>
      [...window.__exportPdfTabPanels!.values()].flatMap((panels) =>
        panels.map(({label, html}) => `${label}: ${html.replace(/<[^>]+>/g, ' ').trim()}`),
      ),
    );
    assert.ok(kept.includes('An integer: an integer'), kept.join('\n'));
    assert.ok(kept.includes('A boolean: a boolean'), kept.join('\n'));
  });

  it('pairs each tab with the panel it shows where a group has more panels than tabs, and leaves out the panel none shows', async () => {
    await page.goto(valuesUrl);
    const printed = await page.evaluate(async () => {
      const lib = window.__exportPdfLib!;
      const before = lib.unpairedTabGroups(document.body);
      await lib.mountTabPanels(document.body, {baseMs: 10_000, perTabMs: 1_500, capMs: 60_000});
      const copy = document.body.cloneNode(true) as HTMLElement;
      lib.restoreTabPanels(copy);
      const leftOut = lib.showTabPanels(copy);
      return {before, leftOut, order: [...copy.querySelectorAll('.export-pdf-tab-label, p')].map((element) => element.textContent)};
    });
    assert.deepEqual(printed, {before: 1, leftOut: 0, order: ['sha256sum', 'linux', 'shasum', 'mac']});
    const unpressed = await page.evaluate(() => {
      const copy = document.body.cloneNode(true) as HTMLElement;
      const leftOut = window.__exportPdfLib!.showTabPanels(copy);
      return {leftOut, texts: [...copy.querySelectorAll('p')].map((element) => element.textContent)};
    });
    assert.deepEqual({leftOut: unpressed.leftOut, printed: unpressed.texts.length}, {leftOut: 1, printed: 2}, 'unpressed: a panel per tab');
  });

  it('waits for a panel that still shows the tab before’s content to change', async () => {
    await page.goto(url.replace('/docs/api', '/docs/slow'));
    const kept = await page.evaluate(async () => {
      await window.__exportPdfLib!.mountTabPanels(document.body, {baseMs: 10_000, perTabMs: 1_500, capMs: 60_000});
      return [...window.__exportPdfTabPanels!.values()].flat().map(({label, html}) => `${label}: ${html.replace(/<[^>]+>/g, '')}`);
    });
    assert.deepEqual(kept, ['OkHttp: OkHttpClient client', 'Unirest: Unirest.setTimeouts(0, 0)']);
  });

  it('gives each tab pressed its own time, and names the tabs a page’s limit leaves unpressed', async () => {
    const mount = (budget: {baseMs: number; perTabMs: number; capMs: number}) =>
      page.evaluate(async (given) => {
        const {unpressed} = await window.__exportPdfLib!.mountTabPanels(document.body, given);
        const copy = document.body.cloneNode(true) as HTMLElement;
        window.__exportPdfLib!.restoreTabPanels(copy);
        window.__exportPdfLib!.showTabPanels(copy);
        return {unpressed, printed: [...copy.querySelectorAll('pre')].map((pre) => pre.textContent)};
      }, budget);
    await page.goto(url.replace('/docs/api', '/docs/many-slow'));
    // 16 tabs of about 300 ms each: far past the base time, within a time per tab.
    const whole = await mount({baseMs: 1_000, perTabMs: 1_500, capMs: 60_000});
    assert.deepEqual(whole.unpressed, []);
    assert.equal(whole.printed.length, 16, whole.printed.join('\n'));
    assert.ok(whole.printed.includes('second client 7'), whole.printed.join('\n'));
    await page.goto(url.replace('/docs/api', '/docs/many-slow'));
    // A limit that ends within the first group: the tabs after it are named, and the second
    // group, never begun, prints the panel it shows.
    const cut = await mount({baseMs: 1_000, perTabMs: 1_500, capMs: 1_000});
    assert.ok(cut.unpressed.includes('first 7') && cut.unpressed.includes('second 7'), cut.unpressed.join(', '));
    assert.ok(!cut.unpressed.includes('first 0') && !cut.unpressed.includes('second 0'), cut.unpressed.join(', '));
    assert.ok(cut.printed.includes('first client 0') && cut.printed.includes('second client 0'), cut.printed.join('\n'));
  });
});
