import assert from 'node:assert/strict';
import {mkdir, readFile} from 'node:fs/promises';
import type {Server} from 'node:http';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {planBook} from '../../server/export/book-plan';
import {resolveExportTarget} from '../../server/export/export-target';
import {BrowserHost} from '../../server/export/native/shared/browser-host';
import {withoutDocSidebar} from '../../server/export/native/capture/built-html';
import {captureChapters, svgScope} from '../../server/export/native/capture/capture-chapters';
import {openParserPage} from '../../server/export/native/capture/parser-page';
import {CaptureCache, isRuntimeScript} from '../../server/export/native/capture/capture-cache';
import {capturePage, type CapturedPage} from '../../server/export/native/capture/page/capture-page';
import {NativeEngine} from '../../server/export/native/engine';
import {closeServer, freePort, listen} from '../../server/listen';
import {readBuiltManifest} from '../../server/built-site';
import {builtSite} from '../../server/manifest';
import {createStaticSiteApp} from '../../server/site/static-site';
import {LocalBookStore} from '../../server/store/local-book-store';
import {SIDEBAR_DOC_IDS, assertEveryDocInSidebarOrder, marker} from '../helpers/example-docs';
import {tempDir} from '../helpers/fixtures';
import {collapse} from '../helpers/pdf-structure';
import {WORK_ROOT} from '../helpers/processes';
import {EXAMPLE_SITE} from '../helpers/server-process';

// The engine itself, in this process, on the built example site.
describe('native engine capture', {timeout: 400_000}, () => {
  let site: Server;
  let origin: string;
  let scratch: Awaited<ReturnType<typeof tempDir>>;
  const lines: string[] = [];
  const engine = new NativeEngine({workRoot: WORK_ROOT, log: (line) => lines.push(line), tabs: 3, pagesPerTab: 2});

  before(async () => {
    scratch = await tempDir('export-pdf-capture');
    await mkdir(WORK_ROOT, {recursive: true});
    const manifest = await readBuiltManifest(builtSite(EXAMPLE_SITE));
    const port = await freePort();
    site = await listen(createStaticSiteApp(manifest, {store: new LocalBookStore(scratch.dir), apiPort: 1}), port, '127.0.0.1', 'site');
    origin = `http://127.0.0.1:${port}`;
  });
  /** How the engine captures the example site, with `tabs` tabs. */
  const captureOptions = (manifest: Awaited<ReturnType<typeof readBuiltManifest>>, tabs: number) => ({
    origin,
    excludeSelectors: manifest.options.excludeSelectors,
    publicBase: manifest.siteUrl + manifest.baseUrl,
    concurrency: tabs,
    pageTimeoutMs: 30_000,
    log: (line: string) => lines.push(line),
  });
  after(async () => {
    await engine.close();
    site.closeAllConnections();
    await closeServer(site);
    await scratch.remove();
  });

  // With tabs replaced every two pages, tabs race for the last chapters many times over.
  it('captures every doc once, in sidebar order, whichever tab takes it, with tabs replaced every two pages', async () => {
    const manifest = await readBuiltManifest(builtSite(EXAMPLE_SITE));
    const target = resolveExportTarget(new Map([[manifest.locale.current, manifest]]));
    const outputFile = path.join(scratch.dir, 'book.pdf');
    await engine.run({
      manifest,
      docsPluginId: target.docsPluginId,
      startPath: target.startPath,
      outlineVersion: target.outlineVersion,
      siteOrigin: origin,
      outputFile,
      workDir: scratch.dir,
      timeoutMs: 150_000,
      deadlineMs: 150_000,
      log: (line) => lines.push(line),
    });
    const text = await assertEveryDocInSidebarOrder(outputFile);
    for (const id of SIDEBAR_DOC_IDS) {
      assert.equal(text.split(marker(id)).length - 1, 1, `${marker(id)} once`);
    }
    assert.deepEqual(
      lines.filter((line) => /page error|did not render|not loaded/.test(line)),
      [],
    );
  });

  it('renders one page of each kind to judge it, and every page of a kind whose built pages lack what the browser draws', async () => {
    const manifest = await readBuiltManifest(builtSite(EXAMPLE_SITE));
    const target = resolveExportTarget(new Map([[manifest.locale.current, manifest]]));
    const outputFile = path.join(scratch.dir, 'kinds.pdf');
    const logged: string[] = [];
    const judge = new NativeEngine({workRoot: WORK_ROOT, log: () => undefined});
    try {
      await judge.run({
        manifest,
        docsPluginId: target.docsPluginId,
        startPath: target.startPath,
        outlineVersion: target.outlineVersion,
        siteOrigin: origin,
        buildDir: manifest.outDir,
        outputFile,
        workDir: scratch.dir,
        timeoutMs: 150_000,
        deadlineMs: 150_000,
        log: (line) => logged.push(line),
      });
    } finally {
      await judge.close();
    }
    const text = await assertEveryDocInSidebarOrder(outputFile);
    // The two docs of the theme component that draws in BrowserOnly: one rendered to judge their kind, the other for it.
    assert.ok(
      logged.includes(
        'pages of the kind <BackoffTable> @theme/BackoffTable (2) render in the browser: /docs/appendix/backoff-fixed shows there 66 words, 2 code blocks, 1 table that its built page lacks',
      ),
      logged.join('\n'),
    );
    assert.match(text, /drawnInBrowserFixed[\s\S]*drawnInBrowserExponential/);
    assert.match(text, /lazyPanelNode[\s\S]*lazyPanelDeno[\s\S]*lazyPanelBun/);
    assert.ok(
      logged.some((line) =>
        /^pages taken from the build: \d+, rendered in the browser: \d+: 5 for what their source uses .*; \d+ rendered to judge their kind; 1 of kinds whose sample showed what their built pages lack/.test(
          line,
        ),
      ),
      logged.join('\n'),
    );
  });

  it('takes from the build pages that equal the pages rendered in the browser, and renders the Mermaid doc', async () => {
    const manifest = await readBuiltManifest(builtSite(EXAMPLE_SITE));
    const target = resolveExportTarget(new Map([[manifest.locale.current, manifest]]));
    const {chapters} = planBook(target.outlineVersion!);
    const builtFiles = new Map<string, string>();
    for (const chapter of chapters) {
      const file = await CaptureCache.builtFile(manifest.outDir, manifest.baseUrl, chapter);
      if (file && !chapter.rendersInBrowser) builtFiles.set(chapter.key, file.path);
    }
    assert.deepEqual(
      chapters.filter((chapter) => !builtFiles.has(chapter.key)).map((chapter) => chapter.key),
      [
        'guides/deployment',
        'advanced/architecture',
        'appendix/job-options-matrix',
        'appendix/failure-handling-flow',
        'appendix/job-browser',
      ],
      'only the docs with a Mermaid diagram, a component of the site or a partial (which may hold either) need the browser',
    );
    const host = new BrowserHost({workRoot: WORK_ROOT, log: (line) => lines.push(line)});
    try {
      const browser = await host.acquire();
      const options = captureOptions(manifest, 2);
      const rendered = await captureChapters(browser, chapters, options);
      const fromBuild = await captureChapters(browser, chapters, {...options, builtFiles});
      // The pages with lazy tab groups show in their built HTML that they lack panels: they are rendered instead.
      assert.deepEqual(fromBuild.moved, [
        {
          key: 'appendix/tabs-and-inline-tocs',
          reasons: [
            '1 tab group(s) with panels only a browser renders',
            '1 tab group(s) with more panels than tabs, paired by pressing each tab',
          ],
        },
        {key: 'appendix/job-status-api', reasons: ['2 tab group(s) with panels only a browser renders']},
      ]);
      assert.deepEqual(fromBuild.counts, {fromBuild: chapters.length - 7, rendered: 7});
      // What the capture cache checks is still in the build before it reuses a page rendered in the browser.
      assert.deepEqual(
        [...fromBuild.scripts.keys()].sort(),
        chapters
          .filter((each) => !builtFiles.has(each.key) || ['appendix/tabs-and-inline-tocs', 'appendix/job-status-api'].includes(each.key))
          .map((each) => each.key)
          .sort(),
      );
      for (const [key, loaded] of fromBuild.scripts) {
        assert.ok(
          loaded.some((script) => /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(script)),
          `${key}: ${loaded.join(', ')}`,
        );
        assert.ok(!loaded.some(isRuntimeScript), `${key}: no runtime chunk`);
        assert.ok(
          await CaptureCache.scriptsInBuild(manifest.outDir, manifest.baseUrl, loaded, new Map()),
          `${key}: every script in the build`,
        );
      }
      assert.deepEqual(fromBuild.styles.links, rendered.styles.links);

      // React writes inline styles, comments and attribute order differently on the server; the content is the same.
      const text = (page: CapturedPage) => collapse(page.html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ' '));
      const sources = (page: CapturedPage) => [...page.html.matchAll(/\ssrc="([^"]+)"/g)].map((match) => match[1]);
      // A theme component that draws in BrowserOnly leaves its built page without what it draws:
      // nothing in a doc's source tells, which is why capture renders one page of each kind to judge.
      const browserDrawn = (key: string) => key.startsWith('appendix/backoff-');
      for (const key of ['appendix/backoff-fixed', 'appendix/backoff-exponential']) {
        assert.ok(builtFiles.has(key), key);
        assert.doesNotMatch(fromBuild.pages.get(key)!.html, /drawnInBrowser/);
        assert.match(rendered.pages.get(key)!.html, /drawnInBrowser/);
      }
      const lazy = rendered.pages.get('appendix/tabs-and-inline-tocs')!.html;
      assert.deepEqual(
        [...lazy.matchAll(/export-pdf-tab-label">([^<]*)</g)].map((match) => match[1]),
        ['Node.js', 'Deno', 'Bun', 'Linux', 'x64', 'arm64', 'macOS', 'x64', 'arm64', 'sha256sum', 'shasum', 'TypeScript', 'JavaScript'],
        'every panel of the lazy group, mounted tab by tab, of the nested groups, of a group with a panel no tab shows, and of the tabs in the tall admonition',
      );
      assert.match(lazy, /lazyPanelDeno[\s\S]*lazyPanelBun/);
      assert.match(lazy, /shasum<\/div><div[^>]*>Run <code>shasum /, 'the panel its tab shows, not the next in order');
      assert.doesNotMatch(lazy, /verifyWindows/, 'the panel no tab shows is left out');
      for (const chapter of chapters.filter((each) => builtFiles.has(each.key) && !browserDrawn(each.key))) {
        if (fromBuild.moved.some((moved) => moved.key === chapter.key)) continue;
        const built = fromBuild.pages.get(chapter.key)!;
        const live = rendered.pages.get(chapter.key)!;
        assert.equal(text(built), text(live), `${chapter.key}: text`);
        assert.deepEqual(built.ids, live.ids, `${chapter.key}: ids`);
        assert.deepEqual(built.headings, live.headings, `${chapter.key}: headings`);
        assert.deepEqual(built.targets, live.targets, `${chapter.key}: link targets`);
        assert.deepEqual(sources(built), sources(live), `${chapter.key}: images`);
        assert.equal(built.finalPath, live.finalPath);
      }
      assert.match(fromBuild.pages.get('advanced/architecture')!.html, /docusaurus-mermaid-container[^>]*>\s*<svg/);
      const installation = fromBuild.pages.get('getting-started/installation')!.html;
      // Three package-manager panels and two import panels.
      assert.equal(
        (installation.match(/export-pdf-tab-label/g) ?? []).length,
        9,
        'every tab panel under its label, the npm2yarn tabs among them',
      );
      assert.doesNotMatch(installation, /role="tablist"|hidden=""/);
    } finally {
      await host.close();
    }
  });

  it('captures each page as a reader who opened only it, whatever the page before it in the tab stored', async () => {
    const manifest = await readBuiltManifest(builtSite(EXAMPLE_SITE));
    const target = resolveExportTarget(new Map([[manifest.locale.current, manifest]]));
    const chapters = planBook(target.outlineVersion!).chapters.filter((chapter) => chapter.key.startsWith('appendix/backoff-'));
    assert.equal(chapters.length, 2);
    const host = new BrowserHost({workRoot: WORK_ROOT, log: (line) => lines.push(line)});
    try {
      // One tab: the second page is shown by the site's router after the first, which stores as it unmounts.
      const {pages} = await captureChapters(await host.acquire(), chapters, captureOptions(manifest, 1));
      for (const chapter of chapters) {
        assert.match(collapse(pages.get(chapter.key)!.html), /Strategy looked at before this one: none/, chapter.key);
      }
    } finally {
      await host.close();
    }
  });

  it('captures the same from a built page with its docs sidebar cut out as from the whole page', async () => {
    const manifest = await readBuiltManifest(builtSite(EXAMPLE_SITE));
    const target = resolveExportTarget(new Map([[manifest.locale.current, manifest]]));
    const {chapters} = planBook(target.outlineVersion!);
    const host = new BrowserHost({workRoot: WORK_ROOT, log: (line) => lines.push(line)});
    try {
      const page = await openParserPage(await host.acquire());
      let compared = 0;
      for (const chapter of chapters) {
        const file = await CaptureCache.builtFile(manifest.outDir, manifest.baseUrl, chapter);
        if (!file) continue;
        const html = await readFile(file.path, 'utf8');
        const article = withoutDocSidebar(html);
        assert.ok(html.includes('theme-doc-sidebar-container') && !article.includes('theme-doc-sidebar-container'), chapter.key);
        const settings = {
          key: chapter.key,
          svgScope: svgScope(chapter.key),
          excludeSelectors: manifest.options.excludeSelectors,
          publicBase: manifest.siteUrl + manifest.baseUrl,
          longToken: 14,
          title: chapter.title,
        };
        const url = origin + chapter.permalink;
        const whole = await page.evaluate(capturePage, settings, {html, url});
        assert.deepEqual(await page.evaluate(capturePage, settings, {html: article, url}), whole, chapter.key);
        compared++;
      }
      assert.equal(compared, chapters.length, 'every doc of the example site is in its build');
    } finally {
      await host.close();
    }
  });
});
