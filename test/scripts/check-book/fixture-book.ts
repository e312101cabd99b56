// Prints the fixture site's book with Chromium the way the engine lays it out (cover, table of
// contents with page numbers and links, one chapter per page run, bookmarks), so that a test can
// make it wrong in one place and see the checker flag that place.
import {PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNull, PDFNumber, PDFRef, PDFString, type PDFPage} from 'pdf-lib';
import type {Browser} from 'puppeteer-core';
import {DOCS, type FixtureDoc} from './fixture-site';

/** What to get wrong on purpose. */
export type Defects = {
  /** HTML printed at the end of a chapter's article (by doc id), but not on the site. */
  extraHtml?: Partial<Record<string, string>>;
  /** What of a chapter's article (by doc id) does not print: a block capture lost. */
  articleWithout?: Partial<Record<string, RegExp>>;
  /** Bookmarks (by title) that open this page index at this y instead of their own place. */
  bookmarkTo?: Record<string, {page: number; y: number}>;
  /** Extra named destinations, each to the first page. */
  extraNames?: string[];
  /** Print with this right margin (CSS px) instead of the site's 48 px: lines run into the margin. */
  rightMarginPx?: number;
  /** Print the article's diagrams this many CSS px wide: its 16 px labels shrink with it. */
  diagramWidthPx?: number;
  /** Leave out the part page of Guides (a top-level category without a page): its entries open Setup. */
  withoutPartPage?: boolean;
};

type Entry = {title: string; target: string; children: Entry[]};

const headings = (doc: FixtureDoc) =>
  [...doc.article.matchAll(/<h2 id="([^"]+)">([^<]+)<\/h2>/g)].map(([, id, text]) => ({id: `${doc.id}--${id}`, text: text!}));

/** The sidebar as TOC and bookmarks mirror it: Introduction; Guides (no page: its part page) › Setup. */
const entries = (defects: Defects): Entry[] => [
  {
    title: 'Introduction',
    target: 'intro',
    children: headings(DOCS[0]!).map((heading) => ({title: heading.text, target: heading.id, children: []})),
  },
  {
    title: 'Guides',
    target: defects.withoutPartPage ? 'guides/setup' : 'part:guides/setup',
    children: [
      {
        title: 'Setup',
        target: 'guides/setup',
        children: headings(DOCS[1]!).map((heading) => ({title: heading.text, target: heading.id, children: []})),
      },
    ],
  },
];

const ANCHOR = 'https://anchor.invalid/';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function bookHtml(pageOf: (target: string) => number, defects: Defects): string {
  const tocList = (entries: Entry[]): string =>
    `<ol>${entries
      .map(
        (entry) =>
          `<li><a href="#${escape(entry.target)}"><span>${escape(entry.title)}</span><span class="leader"></span><span>${pageOf(entry.target)}</span></a>${entry.children.length ? tocList(entry.children) : ''}</li>`,
      )
      .join('')}</ol>`;
  // Each title and heading wraps its text in a link to ANCHOR: its rectangle tells where the line prints.
  const anchored = (id: string, text: string) => `<a class="anchor" href="${ANCHOR}${encodeURIComponent(id)}">${text}</a>`;
  const chapters = DOCS.map((doc) => {
    const article = doc.article
      .replace(defects.articleWithout?.[doc.id] ?? /$^/, '')
      .replace(/<svg viewBox="([^"]+)" width="\d+" height="\d+">/g, (svg, box: string) =>
        defects.diagramWidthPx ? `<svg viewBox="${box}" style="width:${defects.diagramWidthPx}px;height:auto">` : svg,
      )
      .replace(/<h2 id="([^"]+)">([^<]+)<\/h2>/g, (_, id: string, text: string) => {
        const full = `${doc.id}--${id}`;
        return `<h2 id="${escape(full)}">${anchored(full, text)}</h2>`;
      });
    const part =
      doc.id === 'guides/setup' && !defects.withoutPartPage
        ? `<section id="part:guides/setup" class="part"><h1>${anchored('part:guides/setup', 'Guides')}</h1></section>`
        : '';
    return `${part}<section id="${escape(doc.id)}"><h1>${anchored(doc.id, escape(doc.title))}</h1>${article}${defects.extraHtml?.[doc.id] ?? ''}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
body { font-family: 'Noto Sans', sans-serif; font-size: 16px; line-height: 1.5; margin: 0; }
h1 { font-size: 32px; margin: 0 0 16px; } h2 { font-size: 24px; margin: 24px 0 8px; }
section, nav.toc { break-before: page; }
.part { padding-top: 300px; } .part h1 { font-size: 56px; }
.cover { text-align: center; padding-top: 300px; } .cover h1 { font-size: 44px; }
nav.toc ol { list-style: none; padding-left: 0; } nav.toc ol ol { padding-left: 20px; }
nav.toc a { display: flex; color: inherit; text-decoration: none; line-height: 1.8; } nav.toc .leader { flex: 1; }
a.anchor { color: inherit; text-decoration: none; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 4px 8px; }
</style></head><body>
<div class="cover"><h1>Fixture Docs</h1><p>Docs &amp; more</p></div>
<nav class="toc" id="toc"><h1>Table of Contents</h1>${tocList(entries(defects))}</nav>
${chapters.join('\n')}
</body></html>`;
}

async function print(browser: Browser, html: string, rightMarginPx = 48): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, {waitUntil: 'load'});
    // Chromium clips what overflows the text area; a smaller margin than the site's is how text gets past its edge.
    const margin = {top: '64px', right: `${rightMarginPx}px`, bottom: '64px', left: '48px'};
    return await page.pdf({format: 'A4', margin, printBackground: true});
  } finally {
    await page.close();
  }
}

/**
 * Where each title and heading printed: the top of its anchor link's rectangle, as an explicit
 * destination. The anchor links are taken off the pages (they are not the book's links).
 */
function takeAnchors(document: PDFDocument): Map<string, {page: number; array: PDFArray}> {
  const found = new Map<string, {page: number; array: PDFArray}>();
  document.getPages().forEach((page, index) => {
    const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annotations) return;
    const kept: PDFRef[] = [];
    for (let at = 0; at < annotations.size(); at++) {
      const raw = annotations.get(at) as PDFRef;
      const annotation = document.context.lookupMaybe(raw, PDFDict);
      const uri = annotation?.lookupMaybe(PDFName.of('A'), PDFDict)?.lookup(PDFName.of('URI'));
      const href = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : '';
      if (!href.startsWith(ANCHOR)) {
        kept.push(raw);
        continue;
      }
      const rect = annotation!.lookup(PDFName.of('Rect'), PDFArray);
      const top = Math.max((rect.lookup(1) as PDFNumber).asNumber(), (rect.lookup(3) as PDFNumber).asNumber());
      const id = decodeURIComponent(href.slice(ANCHOR.length));
      if (!found.has(id)) found.set(id, {page: index, array: document.context.obj([page.ref, PDFName.of('XYZ'), 0, top, PDFNull])});
    }
    page.node.set(PDFName.of('Annots'), document.context.obj(kept));
  });
  return found;
}

function writeOutline(document: PDFDocument, destinations: Map<string, {array: PDFArray}>, defects: Defects): void {
  const {context} = document;
  const pages: PDFPage[] = document.getPages();
  const destOf = (entry: Entry): PDFArray => {
    const wrong = defects.bookmarkTo?.[entry.title];
    if (wrong) return context.obj([pages[wrong.page]!.ref, PDFName.of('XYZ'), 0, wrong.y, PDFNull]);
    if (entry.target === 'toc') return context.obj([pages[1]!.ref, PDFName.of('XYZ'), 0, pages[1]!.getHeight(), PDFNull]);
    return destinations.get(entry.target)!.array;
  };
  const level = (entries: Entry[], parent: PDFRef): {first: PDFRef; last: PDFRef; count: number} => {
    const refs = entries.map(() => context.nextRef());
    let count = 0;
    entries.forEach((entry, index) => {
      const dict = context.obj({Title: PDFHexString.fromText(entry.title), Parent: parent, Dest: destOf(entry)});
      if (index > 0) dict.set(PDFName.of('Prev'), refs[index - 1]!);
      if (index < entries.length - 1) dict.set(PDFName.of('Next'), refs[index + 1]!);
      if (entry.children.length > 0) {
        const children = level(entry.children, refs[index]!);
        dict.set(PDFName.of('First'), children.first);
        dict.set(PDFName.of('Last'), children.last);
        dict.set(PDFName.of('Count'), PDFNumber.of(children.count));
        count += children.count;
      }
      context.assign(refs[index]!, dict);
      count++;
    });
    return {first: refs[0]!, last: refs[refs.length - 1]!, count};
  };
  const rootRef = context.nextRef();
  const root = context.obj({Type: 'Outlines'});
  const top = level([{title: 'Table of Contents', target: 'toc', children: []}, ...entries(defects)], rootRef);
  root.set(PDFName.of('First'), top.first);
  root.set(PDFName.of('Last'), top.last);
  root.set(PDFName.of('Count'), PDFNumber.of(top.count));
  context.assign(rootRef, root);
  document.catalog.set(PDFName.of('Outlines'), rootRef);
}

/**
 * Prints the book twice (the second time with the TOC's page numbers, which the first print
 * tells), then adds bookmarks and any extra destination names.
 */
export async function printFixtureBook(browser: Browser, defects: Defects = {}): Promise<Uint8Array> {
  const first = takeAnchors(
    await PDFDocument.load(
      await print(
        browser,
        bookHtml(() => 0, defects),
        defects.rightMarginPx,
      ),
    ),
  );
  const pageOf = (target: string) => first.get(target)!.page + 1;
  const document = await PDFDocument.load(await print(browser, bookHtml(pageOf, defects), defects.rightMarginPx));
  const destinations = takeAnchors(document);
  writeOutline(document, destinations, defects);
  const dests = document.catalog.lookup(PDFName.of('Dests'), PDFDict);
  for (const name of defects.extraNames ?? []) {
    dests.set(PDFName.of(name), document.context.obj([document.getPages()[0]!.ref, PDFName.of('XYZ'), 0, 0, PDFNull]));
  }
  return document.save();
}
