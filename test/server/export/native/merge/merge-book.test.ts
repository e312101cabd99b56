import assert from 'node:assert/strict';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {PDFArray, PDFDict, PDFDocument, PDFName, PDFNull, PDFNumber, PDFString, StandardFonts} from 'pdf-lib';
import {
  finishBook,
  startBook,
  type FinishInput,
  type OutlineEntry,
  type StartInput,
} from '../../../../../server/export/native/merge/merge-book';
import type {OverlayLayer} from '../../../../../server/export/native/merge/overlay-stamp';
import {itemsOf} from '../../../../../server/export/native/merge/struct-elements';
import {PrintCache} from '../../../../../server/export/native/print-cache/print-cache';
import type {ExportPrintCache} from '../../../../../server/export/native/print-cache/print-once';
import {heldBytes} from '../../../../../server/export/native/shared/part-bytes';
import {readPart, type PartDestination} from '../../../../../server/export/native/shared/pdf-part';
import {pdfStructure} from '../../../../helpers/pdf-structure';
import {tempDir} from '../../../../helpers/fixtures';

const MARKER = 'https://marker.invalid/dest/';

/**
 * A part shaped like Chromium's: named destinations in the catalog's /Dests under
 * the percent-encoded id, links as URI actions.
 */
async function chromiumLikePart(pages: number, dests: Record<string, number>, links: Array<[number, string]>): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    document.addPage([595, 842]).drawText(`page ${index}`, {x: 50, y: 780, font, size: 12});
  }
  const all = document.getPages();
  const destDict = document.context.obj({});
  for (const [id, pageIndex] of Object.entries(dests)) {
    destDict.set(PDFName.of(encodeURIComponent(id)), document.context.obj([all[pageIndex]!.ref, PDFName.of('XYZ'), 20, 700, PDFNull]));
  }
  document.catalog.set(PDFName.of('Dests'), document.context.register(destDict));
  for (const [pageIndex, uri] of links) {
    const annotation = document.context.register(
      document.context.obj({Type: 'Annot', Subtype: 'Link', Rect: [50, 50, 150, 70], A: {S: 'URI', URI: PDFString.of(uri)}}),
    );
    all[pageIndex]!.node.set(PDFName.of('Annots'), document.context.obj([annotation]));
  }
  return document.save();
}

/** Content parts as render leaves them, the book written to a file and read back. */
async function mergeParts(
  parts: Uint8Array[],
  book: Omit<FinishInput, 'book' | 'destinations' | 'layers' | 'marker'> & {
    destinations?: Map<string, PartDestination>;
    layers?: OverlayLayer[];
    /** Cover and TOC before the content, as printed. */
    front?: StartInput['front'];
    /** Parts written before are written again from here; `reused` is told how many. */
    cache?: ExportPrintCache;
    reused?: (count: number) => void;
  },
): Promise<Uint8Array> {
  const content = await Promise.all(
    parts.map(async (bytes) => {
      const {pageCount, destinations} = await readPart(bytes);
      return {bytes: heldBytes(bytes), pageCount, destinations};
    }),
  );
  const destinations = book.destinations ?? new Map();
  const file = path.join(dir, `book-${++books}.pdf`);
  const metadata = {title: 'The Book', subject: 'All of it', language: 'en'};
  const started = await startBook({
    file,
    front: book.front,
    content,
    read: {},
    destinations,
    outline: book.outline,
    marker: MARKER,
    metadata,
    cache: book.cache,
  });
  book.reused?.(started.reused);
  const pages = await finishBook({
    ...book,
    book: started,
    destinations,
    layers: book.layers ?? [],
    marker: MARKER,
  });
  const bytes = await fs.readFile(file);
  assert.equal((await PDFDocument.load(bytes)).getPageCount(), pages);
  return bytes;
}

let scratch: Awaited<ReturnType<typeof tempDir>>;
let dir: string;
let books = 0;

describe('startBook and finishBook', () => {
  before(async () => {
    scratch = await tempDir('merge-book');
    dir = scratch.dir;
  });
  after(() => scratch.remove());

  it('joins the parts, turns marker links into jumps, keeps other links, and writes outline and destinations', async () => {
    const first = await chromiumLikePart(2, {'guides/a': 0, 'guides/a--setup step': 1}, [[0, `${MARKER}${encodeURIComponent('b')}`]]);
    const second = await chromiumLikePart(2, {b: 0}, [
      [0, `${MARKER}${encodeURIComponent('guides/a--setup step')}`],
      [1, 'https://example.com/elsewhere'],
    ]);
    assert.deepEqual((await readPart(first)).destinations.get('guides/a--setup step'), {page: 1, x: 20, y: 700});

    const destinations = new Map([
      ['guides/a', {page: 0, x: 20, y: 700}],
      ['guides/a--setup step', {page: 1, x: 20, y: 700}],
      ['b', {page: 2, x: 20, y: 700}],
    ]);
    const outline: OutlineEntry[] = [
      {
        title: 'Guide A',
        target: 'guides/a',
        open: true,
        children: [{title: 'Setup step', target: 'guides/a--setup step', open: false, children: []}],
      },
      {title: 'B — ünïcode', target: 'b', open: false, children: []},
      {title: 'Unknown', target: 'nowhere', open: false, children: []},
    ];
    const merged = await pdfStructure(await mergeParts([first, second], {destinations, outline}));
    assert.equal(merged.pageCount, 4);
    assert.equal(merged.title, 'The Book');
    assert.deepEqual(
      merged.links.map((link) => [link.page, link.destPage ?? link.uri]),
      [
        [0, 2],
        [2, 1],
        [3, 'https://example.com/elsewhere'],
      ],
    );
    assert.deepEqual(
      merged.outline.map((entry) => [entry.depth, entry.title, entry.page]),
      [
        [0, 'Guide A', 0],
        [1, 'Setup step', 1],
        [0, 'B — ünïcode', 2],
      ],
    );
    assert.deepEqual([...merged.namedDestinations.entries()].sort(), [
      ['b', 2],
      ['guides/a', 0],
      ['guides/a--setup step', 1],
    ]);
  });

  it('puts the front matter before the content, its links jumping into the content', async () => {
    const content = await chromiumLikePart(3, {a: 2}, []);
    const toc = await chromiumLikePart(1, {}, [[0, `${MARKER}a`]]);
    const bytes = await mergeParts([content], {
      front: [{part: {bytes: heldBytes(toc), pageCount: 1, destinations: new Map()}, role: 'toc'}],
      destinations: new Map([['a', {page: 3, x: 0, y: 0}]]),
      outline: [],
    });
    const merged = await pdfStructure(bytes);
    assert.equal(merged.pageCount, 4);
    assert.deepEqual(
      merged.links.map((link) => [link.page, link.destPage]),
      [[0, 3]],
    );
  });

  it('drops a marker link whose target is unknown rather than leave a dead URL', async () => {
    const part = await chromiumLikePart(1, {a: 0}, [[0, `${MARKER}nowhere`]]);
    const bytes = await mergeParts([part], {destinations: new Map([['a', {page: 0, x: 0, y: 0}]]), outline: []});
    assert.deepEqual((await pdfStructure(bytes)).links, []);
  });

  it('draws each layer on the pages it is meant for, the page drawing wrapped once', async () => {
    const part = await chromiumLikePart(3, {}, []);
    const piece = async (firstPage: number, pages: number) => ({firstPage, bytes: await chromiumLikePart(pages, {}, [])});
    const overlay = {name: 'BookOverlay', pieces: [await piece(0, 1), await piece(1, 2)], stamped: new Set([1, 2])};
    const layers = [overlay, {name: 'TocNumbers', pieces: [await piece(1, 1)], stamped: new Set([1])}];
    const bytes = await mergeParts([part], {layers, outline: []});
    const document = await PDFDocument.load(bytes);
    const xObjects = document
      .getPages()
      .map((page) => page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().map(String) ?? []);
    assert.deepEqual(xObjects, [[], ['/BookOverlay', '/TocNumbers'], ['/BookOverlay']], 'page 1 gets none, page 2 both');
    const contents = document.getPages().map((page) => itemsOf(page.node.get(PDFName.of('Contents'))).length);
    // The page's own content streams, wrapped once in q … Q, then a draw per layer.
    assert.deepEqual(contents, [contents[0], contents[0]! + 4, contents[0]! + 3]);
  });

  it('writes a part written before again as it was, its links pointed at where their targets are now', async () => {
    const store = await PrintCache.open({dir: path.join(dir, 'cache'), maxBytes: 1 << 26});
    const cache = {store, machine: {chromium: 'test', fonts: 'test'}};
    const toB = `${MARKER}${encodeURIComponent('b--step')}`;
    const a = await chromiumLikePart(2, {a: 0}, [
      [1, toB],
      [0, `${MARKER}nowhere`],
    ]);
    const b = await chromiumLikePart(1, {b: 0, 'b--step': 0}, [[0, `${MARKER}a`]]);
    const longerB = await chromiumLikePart(3, {b: 0, 'b--step': 2}, [[2, `${MARKER}a`]]);
    const outline: OutlineEntry[] = [
      {title: 'A', target: 'a', open: false, children: []},
      {title: 'B', target: 'b', open: false, children: []},
    ];
    const merged = async (parts: Uint8Array[], withCache: boolean) => {
      const content = await Promise.all(parts.map((bytes) => readPart(bytes)));
      const destinations = new Map<string, PartDestination>();
      let first = 0;
      for (const part of content) {
        for (const [id, at] of part.destinations) destinations.set(id, {...at, page: at.page + first});
        first += part.pageCount;
      }
      let reused = -1;
      const bytes = await mergeParts(parts, {
        destinations,
        outline,
        cache: withCache ? cache : undefined,
        reused: (count) => (reused = count),
      });
      return {bytes, reused, structure: await pdfStructure(bytes)};
    };

    /** The top of each link's destination: the target's, with room above it. */
    const destinationTops = async (bytes: Uint8Array) => {
      const document = await PDFDocument.load(bytes);
      return document
        .getPages()
        .flatMap((page) =>
          (page.node.lookupMaybe(PDFName.of('Annots'), PDFArray)?.asArray() ?? []).map((annotation) =>
            document.context.lookup(annotation, PDFDict).lookup(PDFName.of('Dest'), PDFArray).lookup(3, PDFNumber).asNumber(),
          ),
        );
    };
    const cold = await merged([a, b], true);
    assert.equal(cold.reused, 0);
    assert.deepEqual(await destinationTops(cold.bytes), [712, 712], "the first part's link too");
    const again = await merged([a, b], true);
    assert.equal(again.reused, 2, 'both parts written again');
    assert.deepEqual(again.structure.links, cold.structure.links);
    assert.deepEqual(again.structure.outline, cold.structure.outline);
    assert.deepEqual(again.structure.namedDestinations, cold.structure.namedDestinations);
    assert.deepEqual(
      again.structure.links.map((link) => [link.page, link.destPage]),
      [
        [1, 2],
        [2, 0],
      ],
    );

    // B grows by two pages and its step moves to its last page: A is written again, its link to B's step follows it.
    const edited = await merged([a, longerB], true);
    assert.equal(edited.reused, 1);
    const uncached = await merged([a, longerB], false);
    assert.equal(uncached.reused, 0);
    assert.deepEqual(edited.structure.links, uncached.structure.links);
    assert.deepEqual(
      edited.structure.links.map((link) => [link.page, link.destPage]),
      [
        [1, 4],
        [4, 0],
      ],
    );
    assert.deepEqual(edited.structure.outline, uncached.structure.outline);
    assert.equal(edited.structure.pageCount, 5);
    const texts = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPages().map((page) => page.getSize().height);
    assert.deepEqual(await texts(edited.bytes), await texts(uncached.bytes));

    // A link A dropped finds its target now: A is copied anew, and links there.
    const withTarget = await chromiumLikePart(1, {nowhere: 0}, []);
    const found = await merged([a, b, withTarget], true);
    assert.equal(found.reused, 1, 'B only');
    assert.deepEqual(
      found.structure.links.map((link) => [link.page, link.destPage]),
      [
        [0, 3],
        [1, 2],
        [2, 0],
      ],
    );
  });

  it('copies a part anew when its numbers meet those of a part before it', async () => {
    const store = await PrintCache.open({dir: path.join(dir, 'cache-clash'), maxBytes: 1 << 26});
    const cache = {store, machine: {chromium: 'test', fonts: 'test'}};
    const a = await chromiumLikePart(1, {a: 0}, []);
    const b = await chromiumLikePart(1, {b: 0}, []);
    let reused = -1;
    const merge = (parts: Uint8Array[]) => mergeParts(parts, {outline: [], cache, reused: (count) => (reused = count)});
    await merge([a]);
    await merge([b]);
    // Both were first in their books, so they had the same numbers: only the first is written again.
    const both = await merge([a, b]);
    assert.equal(reused, 1);
    assert.equal((await PDFDocument.load(both)).getPageCount(), 2);
    assert.equal((await pdfStructure(both)).pageCount, 2);
  });
});
