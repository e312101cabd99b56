import assert from 'node:assert/strict';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {PDFDict, PDFDocument, PDFName, PDFNull, PDFString, StandardFonts} from 'pdf-lib';
import {finishBook, startBook, type FinishInput, type OutlineEntry} from '../../../../../server/export/native/merge/merge-book';
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
  book: Omit<FinishInput, 'book' | 'destinations' | 'overlayPages' | 'marker'> & {
    destinations?: Map<string, PartDestination>;
    overlayPages?: Set<number>;
  },
): Promise<Uint8Array> {
  const content = await Promise.all(
    parts.map(async (bytes) => {
      const {pageCount, destinations} = await readPart(bytes);
      return {bytes, pageCount, destinations};
    }),
  );
  const destinations = book.destinations ?? new Map();
  const file = path.join(dir, `book-${++books}.pdf`);
  const metadata = {title: 'The Book', subject: 'All of it', language: 'en'};
  const started = await startBook({file, content, read: {}, destinations, outline: book.outline, marker: MARKER, metadata});
  const pages = await finishBook({
    ...book,
    book: started,
    destinations,
    overlayPages: book.overlayPages ?? new Set(),
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
    const toc = await readPart(await chromiumLikePart(1, {}, [[0, `${MARKER}a`]]));
    const bytes = await mergeParts([content], {
      front: [{part: toc, role: 'toc'}],
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

  it('draws the overlay on the pages it is meant for', async () => {
    const part = await chromiumLikePart(2, {}, []);
    const overlay = [
      {firstPage: 0, bytes: await chromiumLikePart(1, {}, [])},
      {firstPage: 1, bytes: await chromiumLikePart(1, {}, [])},
    ];
    const bytes = await mergeParts([part], {overlay, overlayPages: new Set([1]), outline: []});
    const document = await PDFDocument.load(bytes);
    const xObjects = document
      .getPages()
      .map((page) => page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().length ?? 0);
    assert.deepEqual(xObjects, [0, 1], 'the overlay is drawn on page 2 only, from its second piece');
  });
});
