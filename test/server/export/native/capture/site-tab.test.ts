import assert from 'node:assert/strict';
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import type {PageRequests} from '../../../../../server/export/native/shared/page-requests';
import {KeptSiteTab, stillCurrent, type SiteTab} from '../../../../../server/export/native/capture/site-tab';

const ORIGIN = 'http://localhost:3000';
const RUNTIME = '/assets/js/runtime~main.1a2b3c4d.js';

/** A tab as far as keeping it goes: where it is, and whether it was closed. */
function tabAt(origin: string | Error, runtime: string | null = RUNTIME): SiteTab & {closed: () => boolean} {
  let closed = false;
  const page = {
    evaluate: async () => {
      if (origin instanceof Error) throw origin;
      return origin;
    },
    close: async () => {
      closed = true;
    },
  } as unknown as Page;
  return {
    page,
    origin: ORIGIN,
    scripts: new Set(['/assets/js/main.5e6f.js']),
    runtime: runtime ?? undefined,
    routes: 1,
    requests: {stop: () => undefined} as unknown as PageRequests,
    closed: () => closed,
  };
}

describe('the capture tab kept for the next export', () => {
  it('is taken once, and closed when another is kept or it is dropped', async () => {
    const kept = new KeptSiteTab();
    const first = tabAt(ORIGIN);
    const second = tabAt(ORIGIN);
    kept.keep(first);
    kept.keep(second);
    assert.equal(first.closed(), true, 'the one kept before is closed');
    assert.equal(kept.take(), second);
    assert.equal(kept.take(), undefined);
    assert.equal(second.closed(), false, 'a tab taken is the taker’s to close');
    const third = tabAt(ORIGIN);
    kept.keep(third);
    await kept.drop();
    assert.equal(third.closed(), true);
    assert.equal(kept.take(), undefined);
  });

  it('is closed when no export takes it in time', async () => {
    const kept = new KeptSiteTab(20);
    const tab = tabAt(ORIGIN);
    kept.keep(tab);
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal(tab.closed(), true);
    assert.equal(kept.take(), undefined);
  });
});

describe('a kept tab is used only while it runs the site as built', () => {
  let dir: string;
  let built: {path: string; digest: string};
  let rebuilt: {path: string; digest: string};
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'site-tab-'));
    built = {path: path.join(dir, 'page.html'), digest: 'd1'};
    rebuilt = {path: path.join(dir, 'rebuilt.html'), digest: 'd2'};
    await writeFile(built.path, `<html><head><script src="${RUNTIME}" defer></script></head></html>`);
    await writeFile(rebuilt.path, `<html><head><script src="/assets/js/runtime~main.9f8e7d6c.js" defer></script></head></html>`);
  });
  after(() => rm(dir, {recursive: true, force: true}));

  it('is returned when the build still loads its runtime chunk and the tab answers on the site', async () => {
    const tab = tabAt(ORIGIN);
    assert.equal(await stillCurrent(tab, `${ORIGIN}/`, built), tab);
    assert.equal(tab.closed(), false);
    // SWC's HTML minifier (Docusaurus Faster) leaves the src bare.
    const bare = {path: path.join(dir, 'bare.html'), digest: 'd3'};
    await writeFile(bare.path, `<html><head><script src=${RUNTIME} defer></script></head></html>`);
    assert.equal(await stillCurrent(tab, `${ORIGIN}/`, bare), tab);
    await writeFile(bare.path, `<html><head><script src=${RUNTIME.replace('.js', '.js.map')} defer></script></head></html>`);
    const other = tabAt(ORIGIN);
    assert.equal(await stillCurrent(other, `${ORIGIN}/`, bare), undefined, 'a longer name that starts with it');
  });

  it('is closed when the site was rebuilt, has no build, is another origin, or the tab is gone', async () => {
    const cases: Array<[string, SiteTab & {closed: () => boolean}, string, typeof built | undefined]> = [
      ['rebuilt', tabAt(ORIGIN), ORIGIN, rebuilt],
      ['dev server, no build', tabAt(ORIGIN), ORIGIN, undefined],
      ['another origin', tabAt(ORIGIN), 'http://localhost:3005', built],
      ['runtime never seen', tabAt(ORIGIN, null), ORIGIN, built],
      ['browser gone', tabAt(new Error('Protocol error: Connection closed.')), ORIGIN, built],
      ['navigated off the site', tabAt('http://elsewhere.test'), ORIGIN, built],
    ];
    for (const [name, tab, origin, file] of cases) {
      assert.equal(await stillCurrent(tab, origin, file), undefined, name);
      assert.equal(tab.closed(), true, name);
    }
    assert.equal(await stillCurrent(undefined, ORIGIN, built), undefined);
  });
});
