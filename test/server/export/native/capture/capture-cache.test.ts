import assert from 'node:assert/strict';
import {mkdir, writeFile} from 'node:fs/promises';
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
    cache.set(before, page('<article>v1</article>'));
    assert.equal(cache.get(before)?.html, '<article>v1</article>');
    await writeFile(path.join(build.dir, 'docs/guides/setup/index.html'), '<html>v2 of the page</html>');
    const afterEdit = await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's');
    assert.notEqual(afterEdit, before);
    assert.equal(cache.get(afterEdit), undefined);
    assert.equal(cache.get(undefined), undefined);
  });

  it('keeps a page taken from the build across a rebuild that only renamed the scripts, not one rendered in the browser', async () => {
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
    assert.notEqual(await fingerprint(build.dir, '/', rendered, 's'), renderedBefore);
    await writeFile(file, built('bbb').replace('styles.1.css', 'styles.2.css'));
    assert.notEqual(await fingerprint(build.dir, '/', chapter('/docs/guides/setup'), 's'), staticBefore, 'the CSS changed');
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
