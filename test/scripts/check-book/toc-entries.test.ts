import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {BookNode} from '../../../server/export/book-plan';
import {EntryMatcher} from '../../../scripts/check-book/entry-targets';
import type {LinkAnnotation} from '../../../scripts/check-book/pdf-book';
import {parseEntryRuns, tocEntriesOf} from '../../../scripts/check-book/toc-entries';
import {textItem} from './text-items';

const link = (y0: number, y1: number, page: number, y = 800): LinkAnnotation => ({rect: {x0: 36, y0, x1: 560, y1}, dest: {page, x: 0, y}});

describe('table of contents entries', () => {
  it('reads the page number printed at the right end of an entry', () => {
    const entries = tocEntriesOf(
      [link(720, 745, 6)],
      [textItem('Introduction', 36, 730), textItem(' ', 110, 730), textItem('7', 553, 730)],
    );
    assert.deepEqual(
      entries.map(({title, printed}) => ({title, printed})),
      [{title: 'Introduction', printed: 7}],
    );
    assert.equal(entries[0]!.dest?.page, 6);
  });

  it('reads the page number at the left end in a right-to-left book, and the title in reading order', () => {
    const rtl = (str: string, x0: number) => ({...textItem(str, x0, 730), rtl: true});
    // As a right-to-left TOC line is drawn: the number at the left, the leader, then two Arabic words, the first at the right.
    const items = [textItem('7', 36, 730), rtl('الأولى', 460), rtl('الخطوات', 510)];
    const [entry] = tocEntriesOf([link(720, 745, 6)], items, true);
    assert.deepEqual({title: entry!.title, printed: entry!.printed}, {title: 'الخطوات الأولى', printed: 7});
    const english = tocEntriesOf([link(720, 745, 6)], [textItem('7', 36, 730), textItem('Getting Started', 470, 730)], true);
    assert.deepEqual(
      english.map(({title, printed}) => ({title, printed})),
      [{title: 'Getting Started', printed: 7}],
    );
  });

  it('keeps a number that is part of the title apart from the page number', () => {
    assert.deepEqual(
      parseEntryRuns([
        {text: 'Python 3', x1: 100},
        {text: '12', x1: 560},
      ]),
      {title: 'Python 3', printed: 12},
    );
    assert.deepEqual(parseEntryRuns([{text: 'Python 3 …… 12', x1: 560}]), {title: 'Python 3', printed: 12});
  });

  it('joins the two lines of a wrapped entry, whose number sits on its first line', () => {
    const items = [
      textItem('Why some options can be set at the queue level, and', 36, 700),
      textItem('48', 553, 700),
      textItem('which setting wins in the end', 36, 686),
    ];
    const [entry] = tocEntriesOf([link(680, 715, 47)], items);
    assert.deepEqual(
      {title: entry!.title, printed: entry!.printed},
      {title: 'Why some options can be set at the queue level, and which setting wins in the end', printed: 48},
    );
  });

  it('joins a link that wraps into two annotations with one destination', () => {
    const items = [textItem('A very long heading that wraps onto', 36, 700), textItem('a second line', 36, 686), textItem('9', 553, 686)];
    const entries = tocEntriesOf([link(695, 715, 8), link(681, 695, 8)], items);
    assert.deepEqual(
      entries.map(({title, printed}) => ({title, printed})),
      [{title: 'A very long heading that wraps onto a second line', printed: 9}],
    );
  });

  it('keeps a category without a page apart from its first doc, although both open the same page', () => {
    const items = [textItem('Reference', 36, 700), textItem('28', 550, 700), textItem('CLI', 52, 680), textItem('28', 550, 680)];
    const entries = tocEntriesOf([link(695, 715, 27), link(675, 695, 27)], items);
    assert.deepEqual(
      entries.map(({title, printed}) => ({title, printed})),
      [
        {title: 'Reference', printed: 28},
        {title: 'CLI', printed: 28},
      ],
    );
  });

  it('joins the pieces a ligature leaves, without spaces', () => {
    const [entry] = tocEntriesOf(
      [link(720, 745, 3)],
      [textItem('Global ', 36, 730), {...textItem('fl', 78, 730), x0: 78, x1: 84}, {...textItem('ags', 84, 730)}, textItem('12', 553, 730)],
    );
    assert.equal(entry!.title, 'Global flags');
  });

  it('leaves out links to other sites', () => {
    assert.deepEqual(
      tocEntriesOf([{rect: {x0: 36, y0: 720, x1: 560, y1: 745}, uri: 'https://example.com'}], [textItem('Elsewhere', 36, 730)]),
      [],
    );
  });
});

describe('what TOC and outline entries stand for', () => {
  const nodes: BookNode[] = [
    {title: 'Introduction', chapterKey: 'intro', children: []},
    {title: 'Reference', chapterKey: 'reference/cli', children: [{title: 'CLI', chapterKey: 'reference/cli', children: []}]},
    {title: 'Guides', chapterKey: 'guides/overview', children: [{title: 'Setup', chapterKey: 'guides/setup', children: []}]},
  ];

  it('tells sidebar items by their labels, and takes the entries after a page for its headings', () => {
    const matcher = new EntryMatcher(nodes, 'Table of Contents');
    const kinds = [
      'Table of Contents',
      'Introduction',
      'What it solves',
      'Reference',
      'CLI',
      'Global flags',
      'Guides',
      'Setup',
      'Usage',
    ].map((title) => {
      const target = matcher.next(title);
      return target.kind === 'toc' || target.kind === 'unknown' ? target.kind : `${target.kind}:${target.chapterKey}`;
    });
    assert.deepEqual(kinds, [
      'toc',
      'chapter:intro',
      'heading:intro',
      'chapter:reference/cli',
      'chapter:reference/cli',
      'heading:reference/cli',
      'chapter:guides/overview',
      'chapter:guides/setup',
      'heading:guides/setup',
    ]);
    assert.deepEqual(matcher.unmatched(), []);
  });

  it("takes a doc's heading for that heading although a sidebar item ahead has the same label", () => {
    const sidebar: BookNode[] = [
      {title: 'Manifest', chapterKey: 'manifest', children: []},
      {title: 'Configuring', chapterKey: 'config_flow', children: [{title: 'Config flow', chapterKey: 'config_flow', children: []}]},
    ];
    const headings = new Map([
      ['manifest', ['Domain', 'Config flow', 'Single config entry only', 'Requirements']],
      ['config_flow', ['Updating the manifest']],
    ]);
    const matcher = new EntryMatcher(sidebar, undefined, headings);
    const kinds = ['Manifest', 'Domain', 'Config flow', 'Requirements', 'Configuring', 'Config flow', 'Updating the manifest'].map(
      (title) => {
        const target = matcher.next(title);
        return target.kind === 'toc' || target.kind === 'unknown' ? target.kind : `${target.kind}:${target.chapterKey}`;
      },
    );
    assert.deepEqual(kinds, [
      'chapter:manifest',
      'heading:manifest',
      'heading:manifest',
      'heading:manifest',
      'chapter:config_flow',
      'chapter:config_flow',
      'heading:config_flow',
    ]);
    assert.deepEqual(matcher.unmatched(), []);
  });

  it('gives no headings to a category without a page, and lists sidebar items no entry stood for', () => {
    const matcher = new EntryMatcher(nodes);
    assert.equal(matcher.next('Reference').kind, 'chapter');
    assert.equal(matcher.next('Some heading').kind, 'unknown');
    assert.deepEqual(
      matcher.unmatched().map((item) => item.label),
      ['Introduction', 'CLI', 'Guides', 'Setup'],
    );
  });
});
