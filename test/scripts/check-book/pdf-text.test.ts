import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {findLine, type BookMap, type ChapterPlace} from '../../../scripts/check-book/book-map';
import {HeadingFinder} from '../../../scripts/check-book/heading-finder';
import type {ExpectedChapter} from '../../../scripts/check-book/site-expectations';
import {segmentsOf, type TextItem} from '../../../scripts/check-book/text-lines';

/** An item on a baseline; its width is half its size a character. */
function item(str: string, x0: number, baseline: number, size = 12, extra: Partial<TextItem> = {}): TextItem {
  const x1 = x0 + str.length * size * 0.5;
  return {str, x0, x1, baseline, top: baseline + 0.75 * size, bottom: baseline - 0.2 * size, size, rotated: false, ...extra};
}

/** Lines of text top to bottom, one item each, `size` tall. */
const lines = (size: number, top: number, ...texts: string[]) =>
  texts.map((text, index) => item(text, 36, top - index * size * 1.25, size));

describe('lines of a page', () => {
  it('finds a title that wraps over five lines', () => {
    const segments = segmentsOf([
      ...lines(
        36,
        780,
        'The documentation provides',
        'step-by-step installation',
        'instructions for the',
        'integration, including, if',
        'needed, prerequisites',
      ),
      ...lines(12, 560, 'Reasoning about it.'),
    ]);
    const key = 'thedocumentationprovidesstepbystepinstallationinstructionsfortheintegrationincludingifneededprerequisites';
    assert.deepEqual(findLine(segments, key, 30), {start: 0, end: 5});
    assert.equal(findLine(segments, key, 40), undefined, 'not in a smaller size');
  });

  it('does not join lines that do not go on with the text', () => {
    const segments = segmentsOf(lines(24, 700, 'Config flow', 'Single config entry only'));
    assert.equal(findLine(segments, 'configflowsingle', 20), undefined);
    assert.deepEqual(findLine(segments, 'configflow', 20), {start: 0, end: 1});
  });

  it('finds a heading whose badge prints apart on its line, and passes over a badge that is not in the text', () => {
    const segments = segmentsOf([
      item('accessibilityLabelledBy', 36, 700, 18),
      item('Android', 300, 700, 10),
      ...lines(12, 660, 'Refers to another element.'),
    ]);
    assert.deepEqual(findLine(segments, 'accessibilitylabelledbyandroid', 10), {start: 0, end: 2});
    assert.deepEqual(findLine(segments, 'accessibilitylabelledby', 10), {start: 0, end: 1});
  });

  it('reads a right-to-left word drawn glyph by glyph, with its marks, inside a left-to-right line', () => {
    // "اُردُو" as Chromium draws it: one item per glyph, left to right, the harakat as items of their own.
    const glyphs = [
      item('و', 116.2, 456.4, 16, {rtl: true, x1: 122}),
      item('ُ', 121.4, 455.2, 16, {x1: 121.4}),
      item('د', 122, 456.4, 16, {rtl: true, x1: 127.4}),
      item('ر', 127.4, 456.4, 16, {rtl: true, x1: 133.2}),
      item('ُ', 131.9, 459.1, 16, {x1: 131.9}),
      item('ا', 133.2, 456.4, 16, {rtl: true, x1: 136.5}),
    ];
    const segments = segmentsOf([item('Urdu', 36, 456.4, 16), ...glyphs, item('ur', 300, 456.4, 16)]);
    assert.deepEqual(
      segments.map((segment) => segment.text),
      ['Urdu', 'اُردُو', 'ur'],
    );
  });
});

describe('headings of a chapter', () => {
  function mapOf(headings: Array<{level: number; text: string}>, ...pages: TextItem[][]): BookMap {
    const content = pages.map((items) => segmentsOf(items));
    const place: ChapterPlace = {
      expected: {chapter: {key: 'supervisor/development'}, article: {headings}} as unknown as ExpectedChapter,
      state: 'found',
      start: 0,
      end: pages.length - 1,
      title: content[0]![0],
      afterTitle: {page: 0, segment: 1},
    };
    return {
      coverPages: 0,
      bodySize: 12,
      chapters: [place],
      byKey: new Map([['supervisor/development', place]]),
      parts: new Map(),
      content,
      drawn: pages,
    };
  }

  it('finds an h2 that repeats the title on its own line, not on the title line', () => {
    const map = mapOf(
      [{level: 2, text: 'Supervisor development'}],
      [
        item('Supervisor development', 36, 785, 36),
        item('These instructions are for development.', 36, 700),
        item('Supervisor development', 36, 593, 24),
      ],
    );
    const found = new HeadingFinder(map, [2]).find('supervisor/development', 'Supervisor development');
    assert.equal(found?.segment.top, 593 + 0.75 * 24);
  });

  it('finds headings with one text each on their own line, in order', () => {
    const map = mapOf(
      [
        {level: 2, text: 'Example'},
        {level: 2, text: 'Example'},
      ],
      [item('Title', 36, 785, 36), item('Example', 36, 700, 24), item('Text.', 36, 680)],
      [item('Example', 36, 785, 24), item('More text.', 36, 760)],
    );
    const finder = new HeadingFinder(map, [2]);
    assert.equal(finder.find('supervisor/development', 'Example')?.page, 0);
    assert.equal(finder.find('supervisor/development', 'Example')?.page, 1);
    assert.equal(finder.find('supervisor/development', 'Example'), undefined);
  });

  it('passes over a heading of a level it was not asked for that has the same text', () => {
    // "Platforms", an h4 table heading inside the method "is", before the method "platforms" (h3).
    const map = mapOf(
      [
        {level: 2, text: 'Methods'},
        {level: 3, text: 'is'},
        {level: 4, text: 'Platforms'},
        {level: 3, text: 'platforms'},
      ],
      [
        item('Platform', 36, 785, 36),
        item('Methods', 36, 700, 24),
        item('is', 36, 660, 20),
        item('Platforms', 36, 620, 16),
        item('Text.', 36, 600),
      ],
      [item('platforms', 36, 785, 20), item('More text.', 36, 760)],
    );
    const finder = new HeadingFinder(map, [2, 3]);
    assert.equal(finder.find('supervisor/development', 'Methods')?.page, 0);
    assert.equal(finder.find('supervisor/development', 'is')?.page, 0);
    assert.equal(finder.find('supervisor/development', 'platforms')?.page, 1);
  });
});
