import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {BookNode, Chapter} from '../../../../../server/export/book-plan';
import {destinationIds, outlineEntries, splitIntoParts, tocEntries} from '../../../../../server/export/native/assemble/book-layout';
import {overlayPages, placeDestinations} from '../../../../../server/export/native/merge/page-numbers';
import {TOC_TARGET} from '../../../../../server/export/native/shared/markers';
import type {CapturedPage} from '../../../../../server/export/native/capture/page/capture-page';

const chapter = (key: string): Chapter => ({
  key,
  title: `Title ${key}`,
  permalink: `/docs/${key}`,
  mermaidDiagrams: 0,
  rendersInBrowser: false,
});

function page(key: string, headings: Array<[number, string]> = [], targets: string[] = []): CapturedPage {
  return {
    html: `<article>${key}</article>`,
    headings: headings.map(([level, id]) => ({id: `${key}--${id}`, level, text: `Heading ${id}`})),
    ids: headings.map(([, id]) => `${key}--${id}`),
    targets,
    finalPath: `/docs/${key}`,
    warnings: [],
  };
}

describe('splitIntoParts', () => {
  const sized = (sizes: number[]) => sizes.map((size, index) => ({key: `doc-${index}`, html: 'x'.repeat(size)}));
  const keys = (parts: Array<Array<{key: string}>>) => parts.map((part) => part.map((chapter) => chapter.key).join());

  it('makes one part per tab for a small book, keeps the order, and never an empty part', () => {
    const parts = splitIntoParts(sized([10, 10, 10, 10, 10]), 2, 1000);
    assert.equal(parts.length, 2);
    assert.deepEqual(
      parts.flat().map((part) => part.key),
      ['doc-0', 'doc-1', 'doc-2', 'doc-3', 'doc-4'],
    );
    assert.ok(parts.every((part) => part.length > 0));
  });

  it('cuts big books into parts of 3/4 to 3/2 of the given size', () => {
    const parts = splitIntoParts(sized(Array.from({length: 300}, () => 100)), 2, 1000);
    const sizes = parts.map((part) => part.length * 100);
    assert.ok(
      sizes.slice(0, -1).every((size) => size >= 750 && size <= 1500),
      sizes.join(),
    );
    assert.ok(parts.length >= 20 && parts.length <= 40, String(parts.length));
    assert.equal(parts.flat().length, 300);
  });

  it('keeps the cuts of a big book where they were when one chapter grows or shrinks', () => {
    // About 30 chapters a part, and an edit of a few percent of a chapter, as on a real site.
    const sizes = Array.from({length: 1200}, (_, index) => 20 + ((index * 37) % 21));
    const before = keys(splitIntoParts(sized(sizes), 2, 1000));
    for (const [chapter, change] of [
      [40, 2],
      [200, -3],
      [333, 10],
      [800, -20],
    ] as const) {
      const edited = sizes.map((size, index) => (index === chapter ? size + change : size));
      const after = keys(splitIntoParts(sized(edited), 2, 1000));
      const kept = after.filter((part) => before.includes(part)).length;
      // The edited chapter's part changes, and at most the next one or two before the cuts meet again.
      assert.ok(kept >= before.length - 3, `${kept} of ${before.length} parts kept after chapter ${chapter} changed by ${change}`);
    }
  });

  it('never makes more parts than chapters', () => {
    assert.equal(splitIntoParts(sized([5]), 4, 1).length, 1);
  });
});

describe('destinationIds', () => {
  it('names chapters, headings, and ids other pages link to', () => {
    const chapters = [chapter('a'), chapter('b')];
    const pages = new Map([
      ['a', page('a', [[2, 'one']], ['/docs/b/#footnote', '/docs/elsewhere#x', '/docs/b#'])],
      ['b', page('b', [[3, 'two']])],
    ]);
    assert.deepEqual([...destinationIds(chapters, pages)].sort(), ['a', 'a--one', 'b', 'b--footnote', 'b--two']);
  });
});

describe('tocEntries and outlineEntries', () => {
  const nodes: BookNode[] = [
    {title: 'A', chapterKey: 'a', children: []},
    {title: 'Category', chapterKey: 'b', children: [{title: 'B', chapterKey: 'b', children: []}]},
  ];
  const pages = new Map([
    [
      'a',
      page('a', [
        [2, 'one'],
        [3, 'one-sub'],
        [2, 'two'],
      ]),
    ],
    [
      'b',
      page('b', [
        [3, 'orphan-h3'],
        [3, 'orphan-sibling'],
        [2, 'three'],
      ]),
    ],
  ]);

  it('lists docs with their h2 headings under the sidebar categories', () => {
    const shape = (entries: ReturnType<typeof tocEntries>): unknown =>
      entries.map((entry) => [entry.kind, entry.title, entry.target, shape(entry.children)]);
    assert.deepEqual(shape(tocEntries(nodes, pages)), [
      [
        'doc',
        'A',
        'a',
        [
          ['heading', 'Heading one', 'a--one', []],
          ['heading', 'Heading two', 'a--two', []],
        ],
      ],
      ['category', 'Category', 'b', [['doc', 'B', 'b', [['heading', 'Heading three', 'b--three', []]]]]],
    ]);
  });

  it('puts the TOC first, opens categories, and nests h3 under the h2 before it, h3s before any h2 side by side', () => {
    const shape = (entries: ReturnType<typeof outlineEntries>): unknown =>
      entries.map((entry) => [entry.title, entry.open, shape(entry.children)]);
    assert.deepEqual(shape(outlineEntries(nodes, pages, 'Contents')), [
      ['Contents', false, []],
      [
        'A',
        false,
        [
          ['Heading one', false, [['Heading one-sub', false, []]]],
          ['Heading two', false, []],
        ],
      ],
      [
        'Category',
        true,
        [
          [
            'B',
            false,
            [
              ['Heading orphan-h3', false, []],
              ['Heading orphan-sibling', false, []],
              ['Heading three', false, []],
            ],
          ],
        ],
      ],
    ]);
    assert.equal(outlineEntries(nodes, pages, 'Contents')[0]!.target, TOC_TARGET);
    assert.equal(outlineEntries(nodes, pages).length, 2, 'no TOC entry without a TOC');
  });
});

describe('placeDestinations and overlayPages', () => {
  const destinations = placeDestinations([
    {
      firstPage: 3,
      destinations: new Map([
        ['a', {page: 0, x: 0, y: 800}],
        ['a--one', {page: 1, x: 0, y: 300}],
      ]),
    },
    {
      firstPage: 5,
      destinations: new Map([
        ['b', {page: 0, x: 0, y: 800}],
        ['a', {page: 1, x: 0, y: 1}],
      ]),
    },
  ]);

  it('moves each part to its first book page and keeps the first of duplicate ids', () => {
    assert.deepEqual(destinations.get('a--one'), {page: 4, x: 0, y: 300});
    assert.deepEqual(destinations.get('b'), {page: 5, x: 0, y: 800});
    assert.equal(destinations.get('a')!.page, 3);
  });

  it('gives the cover nothing, the TOC its title, and each page the chapter it belongs to', () => {
    const pages = overlayPages({
      totalPages: 7,
      coverPages: 1,
      tocPages: 2,
      tocTitle: 'Contents',
      chapters: [chapter('a'), chapter('b')],
      destinations,
    });
    assert.deepEqual(
      pages.map((entry) => [entry.number, entry.title]),
      [
        [1, null],
        [2, 'Contents'],
        [3, 'Contents'],
        [4, 'Title a'],
        [5, 'Title a'],
        [6, 'Title b'],
        [7, 'Title b'],
      ],
    );
  });
});
