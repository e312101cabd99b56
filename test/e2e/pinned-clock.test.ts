import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {PAGE_LIB_SCRIPT} from '../../server/export/native/capture/page/page-lib';
import {openExportPage} from '../../server/export/native/shared/export-page';
import {pageForSuite} from '../helpers/suite-page';

/** What a page script reads of the clock, from a document the capture tab's library reached first. */
type Reading = {iso: string; hours: number; called: string; epoch: number; isDate: boolean; tag: string};

const read = (): Reading => {
  const now = new Date();
  return {
    iso: now.toISOString(),
    hours: now.getHours(),
    called: Date(),
    epoch: new Date(0).getTime(),
    isDate: now instanceof Date,
    tag: Object.prototype.toString.call(now),
  };
};

describe('the clock of a capture tab', {timeout: 60_000}, () => {
  let page: Page;
  pageForSuite(
    (browser) => openExportPage(browser, 1280, PAGE_LIB_SCRIPT),
    (opened) => (page = opened),
  );

  it('reads noon of today in a document it loads, and leaves dates a page names alone', async () => {
    await page.goto('data:text/html,<p>A Gantt chart would draw its today line here.</p>');
    const reading = await page.evaluate(read);
    const today = new Date();
    assert.equal(reading.hours, 12, reading.iso);
    assert.equal(new Date(reading.iso).toDateString(), today.toDateString());
    assert.equal(new Date(reading.called).getHours(), 12, 'Date() called as a function reads the same clock');
    assert.equal(reading.epoch, 0);
    assert.equal(reading.isDate, true);
    assert.equal(reading.tag, '[object Date]');
  });

  it('runs on from noon, and reads noon again when the next page is shown', async () => {
    const [first, later] = await page.evaluate(async () => {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [start, Date.now()];
    });
    assert.ok(later - first >= 290 && later - first < 5_000, `${later - first} ms passed`);
    const shown = await page.evaluate(() => {
      window.__exportPdfLib!.pinClock();
      const noon = new Date();
      return noon.getTime() - new Date(noon).setHours(12, 0, 0, 0);
    });
    assert.ok(shown >= 0 && shown < 100, `${shown} ms past noon`);
  });
});
