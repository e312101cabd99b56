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

// mountTabPanels (capture/page/tab-panels.ts) in a capture tab, on a page served over HTTP.
describe('lazy tab groups in a capture tab', {timeout: 60_000}, () => {
  let server: Server;
  let url: string;
  let page: Page;
  before(async () => {
    const port = await freePort();
    server = await listen(
      (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(PAGE.replace('__SCRIPT__', SCRIPT)),
      port,
      '127.0.0.1',
      'page',
    );
    url = `http://127.0.0.1:${port}/docs/api`;
  });
  pageForSuite(
    (browser) => openExportPage(browser, 900, PAGE_LIB_SCRIPT),
    (opened) => (page = opened),
  );
  after(() => closeServer(server));

  it('presses every tab of a lazy group nested in a lazy group’s panel, where the groups around it have panels after it', async () => {
    await page.goto(url);
    await page.evaluate(() => window.__exportPdfLib!.mountTabPanels(document.body, 10_000));
    const kept = await page.evaluate(() =>
      [...window.__exportPdfTabPanels!.values()].flatMap((panels) =>
        panels.map(({label, html}) => `${label}: ${html.replace(/<[^>]+>/g, ' ').trim()}`),
      ),
    );
    assert.ok(kept.includes('An integer: an integer'), kept.join('\n'));
    assert.ok(kept.includes('A boolean: a boolean'), kept.join('\n'));
  });
});
