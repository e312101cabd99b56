import assert from 'node:assert/strict';
import {mkdir, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import type {Chapter} from '../../../../../server/export/book-plan';
import {CaptureCache} from '../../../../../server/export/native/capture/capture-cache';
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

  it('gives a page back only while its build file says the same', async () => {
    const cache = new CaptureCache();
    const before = await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's');
    await cache.set(before, page('<article>v1</article>'));
    assert.equal((await cache.get(before))?.html, '<article>v1</article>');
    await writeFile(path.join(build.dir, 'docs/guides/setup/index.html'), '<html>v2 of the page</html>');
    const afterEdit = await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's');
    assert.notEqual(afterEdit, before);
    assert.equal(await cache.get(afterEdit), undefined);
    assert.equal(await cache.get(undefined), undefined);
  });

  it('reads a page taken from the build without its scripts, and one rendered in the browser without the scripts it loads', async () => {
    const file = path.join(build.dir, 'docs/guides/setup/index.html');
    const built = (bundle: string) =>
      `<html><head><link rel="stylesheet" href="/assets/css/styles.1.css"><link rel="preload" href="/assets/js/${bundle}.js" as="script">` +
      `<script src="/assets/js/runtime~main.${bundle}.js" defer></script></head><body><article>Setup</article>` +
      `<script>window.__data = "${bundle}";</script></body></html>`;
    const rendered = {...chapter('/docs/guides/setup'), rendersInBrowser: true};
    await writeFile(file, built('aaa'));
    const [staticBefore, renderedBefore] = [
      await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's'),
      await fingerprint(build.dir, '/', rendered, 's'),
    ];
    await writeFile(file, built('bbb'));
    assert.equal(await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's'), staticBefore);
    assert.notEqual(await fingerprint(build.dir, '/', rendered, 's'), renderedBefore, 'an inline script runs in the browser');
    await writeFile(file, built('bbb').replace('window.__data = "bbb"', 'window.__data = "aaa"'));
    assert.equal(await fingerprint(build.dir, '/', rendered, 's'), renderedBefore, 'the script files it names are compared apart');
    await writeFile(file, built('bbb').replace('styles.1.css', 'styles.2.css'));
    assert.notEqual(await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's'), staticBefore, 'the CSS changed');
  });

  it('keeps a page rendered in the browser while the scripts its tab loaded say the same, whatever the runtime chunk maps', async () => {
    const js = path.join(build.dir, 'assets/js');
    await mkdir(js, {recursive: true});
    const runtime = (hashes: string) => `(()=>{d.u=e=>"assets/js/"+{90849:"0058b4c6"}[e]+"."+{90849:"${hashes}"}[e]+".js"})();`;
    await writeFile(path.join(js, 'runtime~main.11aa22bb.js'), runtime('ecfbdee4'));
    await writeFile(path.join(js, 'main.a82ae507.js'), 'the site');
    await writeFile(path.join(js, '0058b4c6.ecfbdee4.js'), 'a diagram');
    const scripts = ['/assets/js/runtime~main.11aa22bb.js', '/assets/js/main.a82ae507.js', '/assets/js/0058b4c6.ecfbdee4.js'];
    const cache = new CaptureCache();
    const at = {dir: build.dir, baseUrl: '/'};
    await cache.set('diagram', {...page('<svg/>'), scripts}, at);
    assert.ok(await cache.get('diagram', at));
    assert.equal(await cache.get('diagram'), undefined, 'not without the build to compare with');

    // Another doc edited: the runtime is named and maps anew; the page's own scripts are as they were.
    await rm(path.join(js, 'runtime~main.11aa22bb.js'));
    await writeFile(path.join(js, 'runtime~main.33cc44dd.js'), runtime('0badf00d'));
    assert.ok(await cache.get('diagram', at), 'the runtime read without its hashes');
    await writeFile(path.join(js, 'runtime~main.33cc44dd.js'), `${runtime('0badf00d')}/* new loader */`);
    assert.equal(await cache.get('diagram', at), undefined, "the runtime's code changed");
    await writeFile(path.join(js, 'runtime~main.33cc44dd.js'), runtime('0badf00d'));
    await writeFile(path.join(js, '0058b4c6.ecfbdee4.js'), 'another diagram');
    assert.equal(await cache.get('diagram', at), undefined, 'a script it loaded changed');
    await rm(path.join(js, '0058b4c6.ecfbdee4.js'));
    assert.equal(await cache.get('diagram', at), undefined, 'a script it loaded is gone');
  });

  it('forgets the oldest pages past its size limit', async () => {
    const cache = new CaptureCache(100);
    await cache.set('a', page('x'.repeat(30)));
    await cache.set('b', page('x'.repeat(30)));
    assert.equal(cache.size, 1);
    assert.equal(await cache.get('a'), undefined);
    assert.ok(await cache.get('b'));
  });
});
