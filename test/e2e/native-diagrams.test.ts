import assert from 'node:assert/strict';
import {mkdir} from 'node:fs/promises';
import type {Server} from 'node:http';
import {after, before, describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {planBook, type Chapter} from '../../server/export/book-plan';
import {resolveExportTarget} from '../../server/export/export-target';
import {bookPartBody, bookPartCss, documentShell} from '../../server/export/native/assemble/book-html';
import {destinationIds} from '../../server/export/native/assemble/book-layout';
import {openExportPage, type ExportBrowser} from '../../server/export/native/shared/export-page';
import {BrowserHost} from '../../server/export/native/shared/browser-host';
import {captureChapters} from '../../server/export/native/capture/capture-chapters';
import {contentBox} from '../../server/export/native/shared/paper';
import {printPart} from '../../server/export/native/shared/print-part';
import {PrintTabs} from '../../server/export/native/shared/print-tabs';
import {closeServer, freePort, listen} from '../../server/listen';
import {readBuiltManifest} from '../../server/built-site';
import {builtSite} from '../../server/manifest';
import {createStaticSiteApp} from '../../server/site/static-site';
import {LocalBookStore} from '../../server/store/local-book-store';
import type {SiteManifest} from '../../contracts/manifest';
import {tempDir} from '../helpers/fixtures';
import {WORK_ROOT} from '../helpers/processes';
import {EXAMPLE_SITE} from '../helpers/server-process';

type DiagramLook = {fills: string[]; strokes: string[]; fonts: string[]; clippedLabels: string[]; widths: number[]};

/** Colours of every node and cluster shape of the page's Mermaid diagrams, their label fonts, labels cut by their box, and each diagram's width. */
function diagramLook(): DiagramLook {
  const shapes = [
    ...document.querySelectorAll('.docusaurus-mermaid-container svg :is(.node, .cluster) :is(rect, polygon, circle, ellipse, path)'),
  ];
  const labels = [...document.querySelectorAll<HTMLElement>('.docusaurus-mermaid-container svg foreignObject')];
  return {
    fills: shapes.map((shape) => getComputedStyle(shape).fill),
    strokes: shapes.map((shape) => getComputedStyle(shape).stroke),
    fonts: labels.map((label) => getComputedStyle(label.firstElementChild ?? label).fontFamily),
    clippedLabels: labels
      .filter((label) => {
        const text = label.querySelector<HTMLElement>('.nodeLabel, span, p') ?? label;
        return text.scrollWidth > Math.ceil(Number(label.getAttribute('width'))) + 1;
      })
      .map((label) => label.textContent ?? ''),
    widths: [...document.querySelectorAll('.docusaurus-mermaid-container svg')].map((svg) => Math.round(svg.getBoundingClientRect().width)),
  };
}

// Every Mermaid diagram of the example site, drawn in the book as the live page draws it.
describe('native engine: diagrams', {timeout: 180_000}, () => {
  const host = new BrowserHost({workRoot: WORK_ROOT, log: () => undefined});
  let site: Server;
  let origin: string;
  let browser: ExportBrowser;
  let manifest: SiteManifest;
  let chapters: Chapter[];
  let scratch: Awaited<ReturnType<typeof tempDir>>;

  before(async () => {
    scratch = await tempDir('export-pdf-diagrams');
    await mkdir(WORK_ROOT, {recursive: true});
    manifest = await readBuiltManifest(builtSite(EXAMPLE_SITE));
    const port = await freePort();
    site = await listen(createStaticSiteApp(manifest, {store: new LocalBookStore(scratch.dir), apiPort: 1}), port, '127.0.0.1', 'site');
    origin = `http://127.0.0.1:${port}`;
    browser = await host.acquire();
    const target = resolveExportTarget(new Map([[manifest.locale.current, manifest]]));
    chapters = planBook(target.outlineVersion!).chapters.filter((chapter) => chapter.mermaidDiagrams > 0);
  });
  after(async () => {
    await host.close();
    site.closeAllConnections();
    await closeServer(site);
    await scratch.remove();
  });

  async function livePage(chapter: Chapter): Promise<DiagramLook> {
    const page = await openExportPage(browser);
    try {
      await page.goto(origin + chapter.permalink, {waitUntil: 'load'});
      await page.waitForFunction(
        (count: number) => document.querySelectorAll('.docusaurus-mermaid-container svg').length >= count,
        {timeout: 30_000},
        chapter.mermaidDiagrams,
      );
      return await page.evaluate(diagramLook);
    } finally {
      await page.close();
    }
  }

  async function bookPage(chapter: Chapter): Promise<DiagramLook> {
    const capture = await captureChapters(browser, [chapter], {
      origin,
      excludeSelectors: manifest.options.excludeSelectors,
      publicBase: manifest.siteUrl + manifest.baseUrl,
      concurrency: 1,
      pageTimeoutMs: 30_000,
      log: () => undefined,
    });
    const box = contentBox(manifest.options.paperFormat, manifest.options.margin);
    const body = bookPartBody([{chapter, page: capture.pages.get(chapter.key)!}], destinationIds([chapter], capture.pages));
    let look: DiagramLook | undefined;
    const tabs = new PrintTabs(browser);
    await printPart(tabs, {
      origin,
      html: documentShell(capture.styles, body, bookPartCss(undefined, box.height)),
      pdf: {format: manifest.options.paperFormat, printBackground: true},
      layoutWidth: box.width,
      prepare: async (page: Page) => {
        look = await page.evaluate(diagramLook);
      },
    });
    await tabs.close();
    return look!;
  }

  it('finds the example site’s diagrams', () => {
    assert.deepEqual(
      chapters.map((chapter) => chapter.key),
      ['advanced/architecture', 'appendix/job-options-matrix', 'appendix/failure-handling-flow'],
    );
  });

  it('prints every node and cluster in the live page’s colours and fonts, with no label cut', async () => {
    for (const chapter of chapters) {
      const live = await livePage(chapter);
      const book = await bookPage(chapter);
      assert.ok(live.fills.length >= 8, `${chapter.key}: ${live.fills.length} shapes on the live page`);
      assert.deepEqual(book.fills, live.fills, `${chapter.key}: fills`);
      assert.deepEqual(book.strokes, live.strokes, `${chapter.key}: strokes`);
      assert.deepEqual(book.fonts, live.fonts, `${chapter.key}: label fonts`);
      assert.ok(!book.fills.includes('rgb(0, 0, 0)'), `${chapter.key}: no black fill`);
      assert.deepEqual(book.clippedLabels, [], `${chapter.key}: no label cut`);
      // Printed at most as wide as the site draws it (the book's text is narrower than the site's
      // column, so a wide diagram is shrunk to fit it): a small diagram is never enlarged.
      assert.equal(book.widths.length, live.widths.length, `${chapter.key}: diagrams`);
      book.widths.forEach((width, index) =>
        assert.ok(
          width <= live.widths[index]! + 1,
          `${chapter.key}: diagram ${index + 1} ${width} px wide in the book, ${live.widths[index]} px on the site`,
        ),
      );
    }
  });
});
