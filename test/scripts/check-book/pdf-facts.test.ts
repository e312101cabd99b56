import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {textItem} from './text-items';
import {breakoutOf} from '../../../scripts/check-book/checks/outside';
import {nameBytes} from '../../../scripts/check-book/checks/names';
import {findChrome} from '../../../scripts/check-book/checks/pages';
import {destinationFit} from '../../../scripts/check-book/destination-fit';
import {parsePdffonts} from '../../../scripts/check-book/fonts';
import {notdefGlyphsOf} from '../../../scripts/check-book/page-operators';
import {segmentsOf, type TextItem} from '../../../scripts/check-book/text-lines';

describe('destination names', () => {
  it('counts a name of 200 bytes as too long, and one of 127 as fine', () => {
    assert.equal(nameBytes('n'.repeat(200)), 200);
    assert.equal(nameBytes('guides/configuration--precedence-rules'), 38);
  });

  it('counts a UTF-8 name byte by byte, as pdfjs hands it over (PDFDocEncoding)', () => {
    // "café-東京" written as UTF-8 bytes; byte 0x9A comes back as "š".
    assert.equal(nameBytes('cafÃ©-æš±äº¬'), 12);
  });

  it('counts a name-tree key that was a UTF-16 string at two bytes a character, plus its mark', () => {
    assert.equal(nameBytes('東京'), 6);
  });
});

describe('destinations against the line they open', () => {
  const heading = {page: 13, top: 788, size: 23.5};
  it('flags a destination on the page before, at its bottom margin, as the symptom of a pushed heading', () => {
    assert.equal(destinationFit({page: 12, x: 0, y: 40}, heading, 48), 'page-before-at-bottom');
    assert.equal(destinationFit({page: 10, x: 0, y: 500}, heading, 48), 'wrong-page');
  });

  it('accepts a destination at or just above the top of the heading', () => {
    assert.equal(destinationFit({page: 13, x: 0, y: 806}, heading, 48), 'ok');
    assert.equal(destinationFit({page: 13, x: 0, y: 788}, heading, 48), 'ok');
    assert.equal(destinationFit({page: 13, x: 0, y: null}, heading, 48), 'ok');
  });

  it('flags a destination below the top of the heading, or far above it', () => {
    assert.equal(destinationFit({page: 13, x: 0, y: 770}, heading, 48), 'below');
    assert.equal(destinationFit({page: 13, x: 0, y: 841}, heading, 48), 'far-above');
    assert.equal(destinationFit({page: 13, x: 0, y: 841}, heading, 48, false), 'ok', 'a chapter may open at the top of its page');
  });
});

describe('text outside the content box', () => {
  const box = {left: 36, right: 559.92, top: 793.92, bottom: 48};
  const item = (str: string, x0: number, x1: number, baseline: number, size = 12): TextItem => ({
    str,
    x0,
    x1,
    baseline,
    top: baseline + 0.75 * size,
    bottom: baseline - 0.2 * size,
    size,
    rotated: false,
  });

  it('flags glyphs past the right edge, beyond a point of tolerance', () => {
    assert.deepEqual(breakoutOf(item('cut off', 500, 575, 400), box), {side: 'right', by: 575 - 559.92});
    assert.equal(breakoutOf(item('fits', 500, 560.5, 400), box), undefined);
  });

  it('does not count the blanks pdfjs puts at the ends of an item', () => {
    assert.equal(breakoutOf(item('fits   ', 500, 590, 400), box), undefined);
    assert.equal(breakoutOf(item('cut   ', 540, 600, 400), box)?.side, 'right');
  });

  it('flags a line that straddles the bottom edge, and allows the running header and footer', () => {
    assert.equal(breakoutOf(item('sliced', 100, 150, 46), box)?.side, 'bottom');
    assert.equal(breakoutOf(item('Page 3 of 9', 270, 320, 22.9, 6.75), box), undefined);
    assert.equal(breakoutOf(item('Acme Widgets', 36, 600, 814.9, 6.75), box), undefined);
  });
});

describe('pdffonts output', () => {
  it('reads names and types with spaces, names with multi-byte characters, and which fonts are embedded', () => {
    const stdout = `name                                 type              encoding         emb sub uni object ID
------------------------------------ ----------------- ---------------- --- --- --- ---------
AAAAAA+NotoSans-Bold                 CID TrueType      Identity-H       yes yes yes      7  0
[none]                               Type 3            Custom           yes no  yes    176  0
Helvetica                            Type 1            WinAnsi          no  no  no      12  0
BAAAAA+彿                           CID TrueType      Identity-H       yes yes yes     31  0
`;
    assert.deepEqual(
      parsePdffonts(stdout).map((font) => [font.name, font.type, font.embedded]),
      [
        ['AAAAAA+NotoSans-Bold', 'CID TrueType', true],
        ['[none]', 'Type 3', true],
        ['Helvetica', 'Type 1', false],
        ['BAAAAA+彿', 'CID TrueType', true],
      ],
    );
  });
});

describe('site chrome printed in a chapter', () => {
  const line = (str: string, baseline: number, size: number, x0 = 36) => textItem(str, x0, baseline, size);
  const located = (...items: TextItem[]) => segmentsOf(items).map((segment) => ({page: 4, segment}));
  const trail = {kind: 'breadcrumbs' as const, parts: ['Authentication', 'API']};

  it('does not take the title "Authentication API" for the breadcrumb trail "Authentication › API"', () => {
    assert.equal(
      findChrome(trail, located(line('Authentication API', 780, 36), line('This page describes the API.', 740, 12)), 13.2),
      undefined,
    );
  });

  it('finds the trail printed in small text, as one line or as separate crumbs', () => {
    assert.equal(findChrome(trail, located(line('Authentication › API', 790, 10), line('Authentication API', 760, 36)), 13.2), 4);
    assert.equal(
      findChrome(trail, located(line('Authentication', 790, 10), line('API', 790, 10, 140), line('Authentication API', 760, 36)), 13.2),
      4,
    );
  });
});

describe('.notdef glyphs', () => {
  const ops = {showText: 44, showSpacedText: 45, setFont: 37};
  const show = (...glyphs: Array<{originalCharCode: number; unicode: string}>) => ({
    fnArray: [ops.setFont, ops.showText],
    argsArray: [['g_d0_f1', 16], [glyphs]],
    ops,
  });

  it('counts glyph 0 without Unicode, as Chromium draws a character no font has', () => {
    assert.equal(notdefGlyphsOf(show({originalCharCode: 0, unicode: '\u0000'}, {originalCharCode: 61, unicode: 'a'})), 1);
  });

  it('does not count a shaped glyph that merely has no Unicode, such as a vowel sign or a conjunct', () => {
    assert.equal(
      notdefGlyphsOf(
        show({originalCharCode: 607, unicode: '\u0000'}, {originalCharCode: 61, unicode: 'ह'}, {originalCharCode: 235, unicode: ''}),
      ),
      0,
    );
  });
});
