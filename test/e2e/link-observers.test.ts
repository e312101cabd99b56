import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {PAGE_LIB_SCRIPT} from '../../server/export/native/capture/page/page-lib';
import {openExportPage} from '../../server/export/native/shared/export-page';
import {pageForSuite} from '../helpers/suite-page';

/** Below the fold: an anchor and a div, each watched by observers the test makes in the page. */
const PAGE = `<!doctype html><html><body>
  <div style="height: 3000px"></div>
  <a id="link" href="/docs/next">next</a>
  <div id="box">box</div>
</body></html>`;

type Watch = {target: string; label: string; threshold?: number; otherCode?: boolean};

/**
 * Makes the observers in the page, in order: those of one call site share their callback code,
 * as the observers a Docusaurus Link makes each time it renders do. Then scrolls every target
 * into view and answers which observers saw their target on screen.
 */
async function seenOnScreen(page: Page, watches: Watch[], scroll = true): Promise<string[]> {
  await page.goto(`data:text/html,${encodeURIComponent(PAGE)}`);
  return page.evaluate(
    async (all: Watch[], scroll: boolean) => {
      const seen: string[] = [];
      const watch = (target: Element, label: string, threshold = 0) =>
        new IntersectionObserver((entries) => entries.forEach((entry) => entry.isIntersecting && seen.push(label)), {threshold}).observe(
          target,
        );
      // Another call site, as another component's observer would be: its callback's code is not watch's.
      const watchElsewhere = (target: Element, label: string) =>
        new IntersectionObserver((changes) => changes.forEach((change) => change.isIntersecting && seen.push(label))).observe(target);
      const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (const one of all) {
        const target = document.getElementById(one.target)!;
        if (one.otherCode) watchElsewhere(target, one.label);
        else watch(target, one.label, one.threshold);
      }
      await frames();
      if (scroll) document.getElementById('box')!.scrollIntoView();
      await frames();
      await frames();
      return [...new Set(seen)].sort();
    },
    watches,
    scroll,
  );
}

// A capture tab's page library (capture/page/link-observers.ts, on-screen.ts), in a real Chromium.
describe('intersection observers in a capture tab', {timeout: 60_000}, () => {
  let page: Page;
  pageForSuite(
    (browser) => openExportPage(browser, 900, PAGE_LIB_SCRIPT),
    (opened) => (page = opened),
  );

  it('lets the latest observer of the same code and options take over an anchor from the earlier ones', async () => {
    const seen = await seenOnScreen(page, [
      {target: 'link', label: 'first render'},
      {target: 'link', label: 'second render'},
      {target: 'link', label: 'third render'},
    ]);
    assert.deepEqual(seen, ['third render']);
  });

  it('leaves observers of other code, other options and other elements as they are', async () => {
    const seen = await seenOnScreen(page, [
      {target: 'link', label: 'link'},
      {target: 'link', label: 'other code', otherCode: true},
      {target: 'link', label: 'other threshold', threshold: 0.5},
      {target: 'box', label: 'box 1'},
      {target: 'box', label: 'box 2'},
    ]);
    assert.deepEqual(seen, ['box 1', 'box 2', 'link', 'other code', 'other threshold']);
  });

  it('reports every element but a link on screen before it scrolls into view, as a reader of the book sees it', async () => {
    const seen = await seenOnScreen(
      page,
      [
        {target: 'link', label: 'link'},
        {target: 'box', label: 'box'},
        {target: 'box', label: 'box, half', threshold: 0.5},
      ],
      false,
    );
    assert.deepEqual(seen, ['box', 'box, half']);
  });

  it('is still the browser’s IntersectionObserver to the site', async () => {
    await page.goto(`data:text/html,${encodeURIComponent(PAGE)}`);
    const facts = await page.evaluate(() => {
      const observer = new IntersectionObserver(() => undefined, {rootMargin: '10px'});
      return {
        instance: observer instanceof IntersectionObserver,
        rootMargin: observer.rootMargin,
        inWindow: 'IntersectionObserver' in window,
      };
    });
    assert.deepEqual(facts, {instance: true, rootMargin: '10px 10px 10px 10px', inWindow: true});
  });
});
