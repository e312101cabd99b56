import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import type {Chapter} from '../../../../../server/export/book-plan';
import {CaptureCache, isRuntimeScript} from '../../../../../server/export/native/capture/capture-cache';
import type {CapturedPage} from '../../../../../server/export/native/capture/page/capture-page';
import {tempDir} from '../../../../helpers/fixtures';

const chapter = (permalink: string): Chapter => ({
  key: 'guides/setup',
  title: 'Setup',
  permalink,
  mermaidDiagrams: 0,
  rendersInBrowser: false,
});
const fingerprint = async (buildDir: string, baseUrl: string, of: Chapter, settings: string) =>
  CaptureCache.fingerprint(await CaptureCache.builtFile(buildDir, baseUrl, of), of, settings);
const page = (html: string): CapturedPage => ({html, headings: [], ids: [], targets: [], finalPath: '/', warnings: []});

describe('CaptureCache', () => {
  let build: Awaited<ReturnType<typeof tempDir>>;
  before(async () => {
    build = await tempDir('capture-cache');
    await mkdir(path.join(build.dir, 'docs/guides/setup'), {recursive: true});
    await writeFile(path.join(build.dir, 'docs/guides/setup/index.html'), '<html>v1</html>');
    await writeFile(path.join(build.dir, 'docs/flat.html'), '<html>flat</html>');
  });
  after(() => build.remove());

  it('fingerprints the build file of a page, with or without a trailing slash or .html file', async () => {
    const first = await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's');
    assert.ok(first);
    const file = await CaptureCache.builtFile(build.dir, '/', chapter('/docs/guides/setup'));
    assert.equal(file?.path, path.join(build.dir, 'docs/guides/setup/index.html'));
    assert.match(file?.digest ?? '', /^[0-9a-f]{64}$/);
    assert.equal(await fingerprint(build.dir, '/', chapter('/docs/guides/setup/'), 's'), first);
    assert.equal(await fingerprint(`${build.dir}/`, '/', chapter('/docs/guides/setup'), 's'), first, 'outDir ends with a slash');
    assert.ok(await fingerprint(build.dir, '/', chapter('/docs/flat'), 's'));
    assert.equal(await fingerprint(build.dir, '/', chapter('/docs/missing'), 's'), undefined);
    assert.equal(await fingerprint(build.dir, '/', chapter('/docs/../../etc/passwd'), 's'), undefined);
    assert.notEqual(await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 'other settings'), first);
  });

  it("digests a page's bytes as built, whatever its script", async () => {
    await mkdir(path.join(build.dir, 'docs/zh'), {recursive: true});
    const html = '<html><body><main><article>安装 — café ✓ 😀</article></main></body></html>';
    await writeFile(path.join(build.dir, 'docs/zh/index.html'), html);
    const file = await CaptureCache.builtFile(build.dir, '/', chapter('/docs/zh'));
    assert.equal(file?.digest, createHash('sha256').update(Buffer.from(html, 'utf8')).digest('hex'));
    await writeFile(path.join(build.dir, 'docs/zh/index.html'), html.replace('安装', '安裝'));
    assert.notEqual((await CaptureCache.builtFile(build.dir, '/', chapter('/docs/zh')))?.digest, file?.digest, 'one ideograph changed');
  });

  it('gives a page back only while its build file says the same', async () => {
    const cache = new CaptureCache();
    const before = await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's');
    cache.set(before, page('<article>v1</article>'));
    assert.equal(cache.get(before)?.page.html, '<article>v1</article>');
    await writeFile(path.join(build.dir, 'docs/guides/setup/index.html'), '<html>v2 of the page</html>');
    const afterEdit = await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's');
    assert.notEqual(afterEdit, before);
    assert.equal(cache.get(afterEdit), undefined);
    assert.equal(cache.get(undefined), undefined);
  });

  // webpack's HTML minifier keeps the quotes; SWC's (Docusaurus Faster) drops those it can.
  for (const [writer, q] of [
    ['webpack', '"'],
    ['Docusaurus Faster', ''],
  ] as const) {
    it(`keeps a page across a rebuild that only renamed the scripts; one rendered in the browser, only the runtime chunk (${writer})`, async () => {
      const file = path.join(build.dir, 'docs/guides/setup/index.html');
      const built = (runtime: string, main = 'm1') =>
        `<html><head><link rel=${q}stylesheet${q} href=${q}/assets/css/styles.1.css${q}><link rel=${q}preload${q} href=${q}/assets/js/1234.c1.js${q} as=${q}script${q}>` +
        `<script src=${q}/assets/js/runtime~main.${runtime}.js${q} defer></script><script src=${q}/assets/js/main.${main}.js${q} defer></script>` +
        `</head><body><article>Setup</article><script>window.__data = "${runtime}";</script></body></html>`;
      const rendered = {...chapter('/docs/guides/setup'), rendersInBrowser: true};
      const both = async () => [
        await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's'),
        await fingerprint(build.dir, '/', rendered, 's'),
      ];
      await writeFile(file, built('aaa').replace(/window.__data = "aaa"/, 'window.__data = "bbb"'));
      const [staticBefore, renderedBefore] = await both();
      await writeFile(file, built('bbb'));
      assert.deepEqual(await both(), [staticBefore, renderedBefore], 'a new runtime chunk');
      await writeFile(file, built('bbb', 'm2'));
      const [staticMain, renderedMain] = await both();
      assert.equal(staticMain, staticBefore);
      assert.notEqual(renderedMain, renderedBefore, 'the main bundle runs in the browser');
      await writeFile(file, built('bbb').replace('window.__data = "bbb"', 'window.__data = "ccc"'));
      assert.notEqual((await both())[1], renderedBefore, 'an inline script runs in the browser');
      await writeFile(file, built('bbb').replace('styles.1.css', 'styles.2.css'));
      assert.notEqual((await both())[0], staticBefore, 'the CSS changed');
    });
  }

  it('keeps a page parsed from the build when only the docs sidebar changed; not one rendered in the browser', async () => {
    const file = path.join(build.dir, 'docs/guides/setup/index.html');
    const built = (label: string, body = 'Setup') =>
      `<html><body><div><aside class="theme-doc-sidebar-container x_1"><nav><a href="/docs/other">${label}</a></nav></aside>` +
      `<main><article>${body}</article></main></div></body></html>`;
    const rendered = {...chapter('/docs/guides/setup'), rendersInBrowser: true};
    const both = async () => [
      await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's'),
      await fingerprint(build.dir, '/', rendered, 's'),
    ];
    await writeFile(file, built('Other'));
    const [staticBefore, renderedBefore] = await both();
    await writeFile(file, built('Another doc, renamed'));
    const [staticAfter, renderedAfter] = await both();
    assert.equal(staticAfter, staticBefore, 'capture never reads the sidebar of a page parsed from the build');
    assert.notEqual(renderedAfter, renderedBefore, 'a page rendered in the browser ran with it');
    await writeFile(file, built('Another doc, renamed', 'Setup, edited'));
    assert.notEqual((await both())[0], staticBefore, 'the article changed');
  });

  it('tells whether the scripts a page rendered in the browser loaded are all still in the build', async () => {
    await mkdir(path.join(build.dir, 'assets/js'), {recursive: true});
    await writeFile(path.join(build.dir, 'assets/js/main.m1.js'), '');
    await writeFile(path.join(build.dir, 'assets/js/1234.c1.js'), '');
    const present = new Map<string, Promise<boolean>>();
    assert.equal(await CaptureCache.scriptsInBuild(build.dir, '/', ['/assets/js/main.m1.js', '/assets/js/1234.c1.js'], present), true);
    assert.equal(
      await CaptureCache.scriptsInBuild(build.dir, '/base/', ['/base/assets/js/main.m1.js'], new Map()),
      true,
      'under the base URL',
    );
    assert.equal(await CaptureCache.scriptsInBuild(build.dir, '/', ['/assets/js/main.m1.js', '/assets/js/1234.c2.js'], present), false);
    assert.equal(await CaptureCache.scriptsInBuild(build.dir, '/', ['/assets/js'], new Map()), false, 'a directory is no script');
    assert.equal(await CaptureCache.scriptsInBuild(build.dir, '/', ['/../../etc/passwd'], new Map()), false, 'outside the build');
    assert.equal(await CaptureCache.scriptsInBuild(build.dir, '/', [], new Map()), true);
    assert.ok(isRuntimeScript('/assets/js/runtime~main.8a09d316.js'));
    assert.ok(!isRuntimeScript('/assets/js/main.a82ae507.js'));
  });

  it('keeps the scripts beside a page', () => {
    const cache = new CaptureCache();
    cache.set('a', page('<p>a</p>'), ['/assets/js/main.m1.js']);
    assert.deepEqual(cache.get('a')?.scripts, ['/assets/js/main.m1.js']);
    cache.set('b', page('<p>b</p>'));
    assert.equal(cache.get('b')?.scripts, undefined);
  });

  it('forgets the oldest pages past its size limit', () => {
    const cache = new CaptureCache(100);
    cache.set('a', page('x'.repeat(30)));
    cache.set('b', page('x'.repeat(30)));
    assert.equal(cache.size, 1);
    assert.equal(cache.get('a'), undefined);
    assert.ok(cache.get('b'));
  });
});
