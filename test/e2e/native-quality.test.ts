import assert from 'node:assert/strict';
import {readFile, readdir} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import type {OutlineItem as SidebarItem} from '../../contracts/outline';
import {readBuiltManifest} from '../../server/built-site';
import {builtSite} from '../../server/manifest';
import {SIDEBAR_DOC_IDS, marker} from '../helpers/example-docs';
import {collapse, pageTexts, pdfStructure} from '../helpers/pdf-structure';
import {EXAMPLE_SITE, startServerEntry, type RunningEntry} from '../helpers/server-process';
import {browserStatesUntilRunning} from '../helpers/wait-healthy';

type Structure = Awaited<ReturnType<typeof pdfStructure>>;

async function exportTo(server: RunningEntry, query: string): Promise<{file: string; bytes: Buffer}> {
  const response = await fetch(`${server.apiUrl}/export-pdf?${query}`, {signal: AbortSignal.timeout(120_000)});
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return {file: body.pdfPath, bytes: await readFile(body.pdfPath)};
}

/** Page index (0-based) of each doc's marker. */
function markerPages(texts: string[], ids: string[]): Map<string, number> {
  // pdftotext keeps a hyphen where a line broke inside a word: "configuration- options".
  return new Map(ids.map((id) => [id, texts.findIndex((text) => collapse(text).replace(/- /g, '-').includes(marker(id)))]));
}

describe('native engine: the book it makes of the example site', {timeout: 400_000}, () => {
  let server: RunningEntry;
  let file: string;
  let texts: string[];
  let pdf: Structure;
  let pagesOf: Map<string, number>;
  let sidebar: SidebarItem[];

  let browserStates: string[];
  let logBeforeExports: string;
  let filesBeforeExports: string[];

  before(async () => {
    server = await startServerEntry('serve', {env: {EXPORT_TRIAL: 'true'}});
    browserStates = await browserStatesUntilRunning(server.apiUrl);
    // The log lines go out before the browser counts as running, through a pipe of their own.
    for (let wait = 0; wait < 50 && !/warmed up|trial export failed/.test(server.output()); wait++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    logBeforeExports = server.output();
    filesBeforeExports = [...(await readdir(server.documentsDir)), ...(await readdir(server.printCacheDir))];
    const manifest = await readBuiltManifest(builtSite(EXAMPLE_SITE));
    sidebar = manifest.docs[0]!.versions[0]!.sidebars.docsSidebar!;
    const exported = await exportTo(server, 'fileName=book');
    file = exported.file;
    texts = await pageTexts(file);
    pdf = await pdfStructure(exported.bytes);
    pagesOf = markerPages(texts, SIDEBAR_DOC_IDS);
    console.log(
      `native export: ${pdf.pageCount} pages, ${exported.bytes.length} bytes, ${pdf.outline.length} outline entries, ${pdf.links.length} links`,
    );
  });
  after(async () => {
    assert.equal(await server.stop(), 0);
  });

  it("is tagged, with one structure tree: each doc's title an H1 on the page the doc starts", async () => {
    const {getDocument} = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await getDocument({data: new Uint8Array(await readFile(file)), verbosity: 0}).promise;
    const roles = (node: {role?: string; children?: unknown[]}): string[] => [
      ...(node.role ? [node.role] : []),
      ...(node.children ?? []).flatMap((child) => roles(child as {role?: string; children?: unknown[]})),
    ];
    for (const id of SIDEBAR_DOC_IDS) {
      const page = pagesOf.get(id)!;
      const tree = await (await document.getPage(page + 1)).getStructTree();
      const found = tree ? roles(tree) : [];
      assert.ok(found.includes('H1'), `page ${page + 1}, where ${id} starts, has an H1 in its structure: ${found.slice(0, 12).join(' ')}`);
      assert.equal(found.filter((role) => role === 'Document').length, 1, 'one Document element above it');
    }
  });

  it('holds every sidebar doc, in sidebar order, each from the top of a new page', () => {
    let previous = 0;
    for (const id of SIDEBAR_DOC_IDS) {
      const page = pagesOf.get(id)!;
      assert.ok(page > previous, `${marker(id)} on page ${page + 1}, after the doc before it (page ${previous + 1})`);
      assert.ok(pdf.namedDestinations.get(id) === page, `destination ${id} is the page its marker is on`);
      previous = page;
    }
  });

  it('opens with a cover that has no header or footer, then the table of contents', () => {
    const cover = collapse(texts[0]!);
    assert.match(cover, /Acme Widgets/);
    assert.doesNotMatch(cover, /Page 1 of/);
    assert.match(collapse(texts[1]!), /Table of Contents/);
    assert.equal(pdf.title, 'Acme Widgets');
  });

  it('has outline entries mirroring the sidebar, each opening the page its doc starts on', () => {
    const topLevel = pdf.outline.filter((entry) => entry.depth === 0).map((entry) => entry.title);
    const labels = sidebar.flatMap((item) => (item.type === 'link' ? [] : [item.label]));
    assert.deepEqual(topLevel, ['Table of Contents', ...labels]);
    const walk = (items: SidebarItem[]) => {
      for (const item of items) {
        if (item.type === 'doc') {
          const entry = pdf.outline.find((candidate) => candidate.title === item.label && candidate.page === pagesOf.get(item.id));
          assert.ok(entry, `outline entry "${item.label}" opening page ${pagesOf.get(item.id)! + 1}`);
        } else if (item.type === 'category') {
          walk(item.items);
        }
      }
    };
    walk(sidebar);
    assert.ok(
      pdf.outline.some((entry) => entry.depth >= 2),
      'headings appear under their docs',
    );
  });

  it('prints in the TOC the page each doc and heading really lands on', () => {
    const tocPages = texts.slice(1).findIndex((text) => collapse(text).includes(marker(SIDEBAR_DOC_IDS[0]!)));
    // An entry shows the sidebar label; the page shows the doc's title. A category
    // without a page of its own opens its first doc.
    const titles = new Map<string, string>();
    const collect = (items: SidebarItem[]): string | undefined => {
      let first: string | undefined;
      for (const item of items) {
        if (item.type === 'doc') {
          titles.set(item.label, item.title);
          first ??= item.title;
        }
        if (item.type === 'category') {
          const inner = collect(item.items);
          const opens = item.page?.title ?? inner;
          if (opens) titles.set(item.label, opens);
          first ??= opens;
        }
      }
      return first;
    };
    collect(sidebar);
    let checked = 0;
    for (const text of texts.slice(1, 1 + tocPages)) {
      for (const line of text.split('\n')) {
        const entry = /^\s*(\S.*?)\s{2,}(\d+)\s*$/.exec(line);
        if (!entry) continue;
        const [, title, number] = entry as unknown as [string, string, string];
        const page = collapse(texts[Number(number) - 1] ?? '');
        const expected = titles.get(title) ?? title;
        assert.ok(page.includes(expected) || page.includes(title), `"${title}" is on page ${number}, as the TOC says`);
        checked++;
      }
    }
    console.log(`checked ${checked} TOC entries over ${tocPages} TOC pages`);
    assert.ok(checked >= SIDEBAR_DOC_IDS.length * 2, `${checked} TOC entries checked`);
  });

  it('turns every link between exported docs into a jump inside the PDF', () => {
    const internal = pdf.links.filter((link) => link.destPage !== undefined);
    assert.ok(internal.length > 50, `${internal.length} in-PDF links`);
    for (const link of internal) assert.ok(link.destPage! >= 0 && link.destPage! < pdf.pageCount);
    const leaking = pdf.links.filter(
      (link) => link.uri && (/127\.0\.0\.1|localhost|docusaurus-export-pdf\.invalid/.test(link.uri) || /\/docs\//.test(link.uri)),
    );
    assert.deepEqual(leaking, [], 'no link to the local server, a marker, or an exported doc');
    const fromDocs = internal.filter((link) => link.page >= pagesOf.get(SIDEBAR_DOC_IDS[0]!)!);
    assert.ok(fromDocs.length > 0, 'links inside the docs themselves jump within the PDF');
  });

  it('keeps only the doc content: no navbar, sidebar, footer, breadcrumbs or pagination', () => {
    const all = collapse(texts.join(' '));
    for (const chrome of ['Edit this page', 'On this page', 'Copyright ©', 'Previous «', '« Previous', 'Next »', 'Home page']) {
      assert.ok(!all.includes(chrome), `no "${chrome}"`);
    }
  });

  it('shows every tab panel under its label, and every details body', () => {
    const installation = collapse(
      texts.slice(pagesOf.get('getting-started/installation')!, pagesOf.get('getting-started/quick-start')!).join(' '),
    );
    for (const label of ['npm', 'Yarn', 'pnpm']) assert.ok(installation.includes(`Tab panel: ${label.toLowerCase()}`), `panel ${label}`);
    assert.match(installation, /npm Install with npm/, 'the npm label heads its panel');
    assert.match(installation, /Yarn Install with Yarn/, 'the Yarn label heads its panel');
    assert.match(
      installation,
      /JavaScript const \{Queue\} = require.*TypeScript import \{Queue\}/,
      'tabs in another order than their panels label each panel right',
    );
    assert.match(collapse(texts.join(' ')), /Details body:/);
  });

  it('prints the code of a file tab the site collapses, and of a Snack embed', () => {
    const widgets = collapse(texts.slice(pagesOf.get('appendix/job-browser')!).join(' '));
    assert.match(widgets, /worker\.ts .*handlers\.ts .*email-\s?fileTabsSecondPanel/, 'both file tabs, the collapsed one too');
    assert.match(
      widgets,
      /Retry a failed job — App\.tsx .*Retry send-invoice-00043.*api\.ts .*snackSecondFile/,
      'both Snack files, under their names',
    );
  });

  it('prints what a page makes from its own address at the site’s public URL, not the address it was exported from', () => {
    const backoff = collapse(texts.slice(pagesOf.get('appendix/backoff-fixed')!).join(' '));
    assert.match(backoff, /curl 'https:\/\/acme-widgets\.example\.com\/api\/backoff\?\s?strategy=fixed&attempts=/);
    assert.doesNotMatch(collapse(texts.join(' ')), /127\.0\.0\.1:\d+\/api\/backoff/);
  });

  it('prints a labelled filter as "label: value", no lone filter value, no form to fill in, and videos and demos as links', () => {
    const widgets = collapse(texts.slice(pagesOf.get('appendix/job-browser')!, pagesOf.get('appendix/tabs-and-inline-tocs')!).join(' '));
    assert.match(widgets, /State: All/);
    for (const absent of ['All queues', 'Job ID', 'tryItFormBody', 'Send request', 'one minute', 'Copy page'])
      assert.ok(!widgets.includes(absent), absent);
    assert.match(widgets, /fill in its ID and send the request\. The endpoint answers/, 'no form printed');
    assert.match(widgets, /"attempt": 2/, 'the response sample beside the form prints');
    assert.match(widgets, /Video: Retrying a failed job: https:\/\/www\.youtube\.com\/watch\?v=aqz-KE-bpKQ/);
    assert.match(widgets, /invoices #0054e9 Shade #004acd Tint #1a65eb \(foldedShadeList\)/, 'a list folded to no height prints open');
    // A playground below the first screen makes its demo frames once on screen; its theme buttons print nothing.
    assert.match(widgets, /in both themes, beside its source\. Embedded content: https:\/\/acme-widgets\./);
    const demos = new Set(pdf.links.flatMap((link) => (link.uri?.includes('/demo.html') ? [link.uri.replace(/.*\?/, '')] : [])));
    assert.deepEqual([...demos].sort(), ['theme=dark', 'theme=light'], 'each demo linked, with its query');
  });

  it('draws the Mermaid diagram and the picture beside it', () => {
    const architecture = collapse(texts.slice(pagesOf.get('advanced/architecture')!, pagesOf.get('advanced/custom-backends')!).join(' '));
    // The flowchart's nodes and edge labels exist only once Mermaid has drawn it in the browser.
    for (const node of ['Producer calls add()', 'Waiting stream', 'Failed or dead-lettered', 'lock expired'])
      assert.ok(architecture.includes(node), `Mermaid node ${node}`);
    // The static SVG picture's labels are its own text.
    for (const node of ['Producer (API)', 'Broker', 'Worker 1']) assert.ok(architecture.includes(node), `picture label ${node}`);
  });

  it('heads each page with its chapter title and numbers it, with no blank page', () => {
    const total = texts.length;
    // The top-level categories without a page (example-site/sidebars.ts) each open with a page of their title alone.
    const parts = new Set(['Reference', 'Advanced', 'Appendix']);
    const partPages: string[] = [];
    texts.forEach((text, index) => {
      if (index === 0) return;
      assert.ok(collapse(text).includes(`Page ${index + 1} of ${total}`), `page ${index + 1} has its footer`);
      const [header, ...lines] = text.split('\n');
      const body = collapse(lines.filter((line) => !/Page \d+ of \d+/.test(line)).join(' '));
      if (parts.has(body)) partPages.push(collapse(header!));
      else assert.ok(body.length > 20, `page ${index + 1} is not blank`);
    });
    assert.deepEqual(partPages, ['Acme Widgets Reference', 'Acme Widgets Advanced', 'Acme Widgets Appendix']); // each headed with its title
    const configuration = pagesOf.get('guides/configuration')!;
    assert.match(
      texts[configuration + 1]!.split('\n').find((line) => line.trim())!,
      /Acme Widgets\s+Configuration/,
    );
  });

  it('exports one doc, or one category, when asked', async () => {
    const doc = await exportTo(server, 'fileName=one-doc&doc=guides/configuration');
    const docText = collapse((await pageTexts(doc.file)).join(' ')).replace(/- /g, '-');
    assert.ok(docText.includes(marker('guides/configuration')));
    assert.deepEqual(
      SIDEBAR_DOC_IDS.filter((id) => docText.includes(marker(id))),
      ['guides/configuration'],
    );

    const category = await exportTo(server, 'fileName=guides&category=Guides');
    const categoryText = collapse((await pageTexts(category.file)).join(' ')).replace(/- /g, '-');
    const guides = SIDEBAR_DOC_IDS.filter((id) => id.startsWith('guides/'));
    assert.deepEqual(
      SIDEBAR_DOC_IDS.filter((id) => categoryText.includes(marker(id))),
      guides,
    );
    const positions = guides.map((id) => categoryText.indexOf(marker(id)));
    assert.deepEqual(
      positions,
      [...positions].sort((a, b) => a - b),
      'in sidebar order',
    );

    const unknown = await fetch(`${server.apiUrl}/export-pdf?fileName=x&category=Nope`);
    assert.equal(unknown.status, 400);
    assert.match((await unknown.json()).error, /Unknown category "Nope"/);
  });

  it('starts its browser with the server and warms it with a trial export that keeps nothing: /health reports it starting, then running', () => {
    assert.equal(browserStates.at(-1), 'running', browserStates.join(' → '));
    assert.ok(
      browserStates.every((state) => state === 'starting' || state === 'running'),
      browserStates.join(' → '),
    );
    assert.match(logBeforeExports, /Chromium started in \d+ ms/);
    assert.match(logBeforeExports, /warmed up in \d+ ms: a trial export/);
    assert.deepEqual(filesBeforeExports, [], 'no book in the documents directory, nothing in the print cache');
    assert.doesNotMatch(logBeforeExports, /\[export /, 'no export had started');
  });

  it('keeps one browser warm across exports, and reuses the pages it captured from the same build', () => {
    const launches = server.output().match(/Chromium started/g) ?? [];
    assert.equal(launches.length, 1, server.output());
    assert.match(server.output(), /reused all 1 captured pages: the build has not changed/);
    // The first export's Mermaid pages rendered in the tab the trial left, the site loaded in it.
    assert.match(server.output(), /rendering in the tab an earlier capture left with the site loaded/);
    assert.ok(path.isAbsolute(file));
  });
});
