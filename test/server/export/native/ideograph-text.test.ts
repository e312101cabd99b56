import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {describe, it} from 'node:test';
import * as fontkit from 'fontkit';
import {decodePDFRawStream, PDFDocument, PDFName, PDFRawStream, PDFRef} from 'pdf-lib';
import {installedFontIdeographs} from '../../../../server/export/native/font-ideographs';
import {restoreIdeographs} from '../../../../server/export/native/ideograph-text';
import {parseToUnicode, writeToUnicode} from '../../../../server/export/native/to-unicode-cmap';

const cmapOf = (entries: string) =>
  `/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n1 begincodespacerange\n<00> <FF>\nendcodespacerange\n${entries}\nendcmap\nend\nend`;

describe('ToUnicode CMaps', () => {
  it('reads bfchar entries, bfrange entries that count up, and bfrange entries with a list', () => {
    const map = parseToUnicode(cmapOf('2 beginbfchar\n<01> <2F34>\n<02> <D83DDE80>\nendbfchar\n2 beginbfrange\n<10> <12> <0041>\n<20> <21> [<0066006C> <4E2D>]\nendbfrange'));
    assert.equal(map.codeBytes, 1);
    assert.deepEqual([...map.text], [
      [1, '⼴'],
      [2, '🚀'],
      [16, 'A'],
      [17, 'B'],
      [18, 'C'],
      [32, 'fl'],
      [33, '中'],
    ]);
  });

  it('writes what it reads, two-byte codes included', () => {
    const map = {codeBytes: 2, text: new Map([[0x41ef, '广'], [0x0003, '🚀'], [0x0100, 'ﬁ']])};
    const again = parseToUnicode(writeToUnicode(map));
    assert.equal(again.codeBytes, 2);
    assert.deepEqual(new Map([...again.text].sort(([a], [b]) => a - b)), new Map([...map.text].sort(([a], [b]) => a - b)));
  });

  it('writes at most 100 entries per bfchar block', () => {
    const text = new Map(Array.from({length: 250}, (_, code) => [code, String.fromCharCode(0x4e00 + code)] as [number, string]));
    const blocks = [...writeToUnicode({codeBytes: 1, text}).matchAll(/(\d+) beginbfchar/g)].map((match) => Number(match[1]));
    assert.deepEqual(blocks, [100, 100, 50]);
  });
});

/** A Type 3 font as Chromium writes one: glyphs named g<hex glyph id>, and a ToUnicode that reads radicals. */
function bookWithType3Font(toUnicode: string, fontName = 'AAAAAA+NotoSansCJKsc-Regular') {
  return PDFDocument.create().then((document) => {
    const context = document.context;
    const cmapRef = context.register(context.flateStream(toUnicode));
    const descriptor = context.obj({Type: 'FontDescriptor', FontName: PDFName.of(fontName)});
    const font = context.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontDescriptor: context.register(descriptor),
      Encoding: context.obj({Type: 'Encoding', Differences: [0, PDFName.of('g0'), PDFName.of('g41EF'), PDFName.of('g69AB'), PDFName.of('g1')]}),
      ToUnicode: cmapRef,
    });
    context.register(font);
    return {document, cmapRef};
  });
}

const textOf = (document: PDFDocument, ref: PDFRef) =>
  parseToUnicode(Buffer.from(decodePDFRawStream(document.context.lookup(ref) as PDFRawStream).decode()).toString('latin1')).text;

describe('restoreIdeographs', () => {
  const cmap = cmapOf('4 beginbfchar\n<00> <0020>\n<01> <2F34>\n<02> <2F64>\n<03> <31D0>\nendbfchar');

  it('gives each glyph that reads as a radical the ideograph the font draws with it', async () => {
    const {document, cmapRef} = await bookWithType3Font(cmap);
    const asked: string[] = [];
    const changed = await restoreIdeographs(document, async (name) => {
      asked.push(name);
      return new Map([[0x41ef, 0x5e7f], [0x69ab, 0x7528]]);
    });
    assert.equal(changed, 2);
    assert.deepEqual(asked, ['NotoSansCJKsc-Regular']);
    // The stroke's glyph draws no ideograph in this font, so it stays.
    assert.deepEqual([...textOf(document, cmapRef)], [[0, ' '], [1, '广'], [2, '用'], [3, '㇐']]);
  });

  it('leaves fonts alone whose text has no radicals, and fonts it cannot find', async () => {
    const plain = await bookWithType3Font(cmapOf('1 beginbfchar\n<01> <5E7F>\nendbfchar'));
    let asked = 0;
    assert.equal(await restoreIdeographs(plain.document, async () => (asked++, new Map())), 0);
    assert.equal(asked, 0);
    const unknown = await bookWithType3Font(cmap);
    assert.equal(await restoreIdeographs(unknown.document, async () => undefined), 0);
    assert.equal(textOf(unknown.document, unknown.cmapRef).get(1), '⼴');
  });

  it("reads the installed Simplified Chinese font's glyphs through fontconfig", {skip: process.platform !== 'linux'}, async () => {
    const ideographs = await installedFontIdeographs()('NotoSansCJKsc-Regular');
    assert.ok(ideographs, 'fonts-noto-cjk is installed (scripts/setup.sh)');
    const file = execFileSync('fc-list', [':postscriptname=NotoSansCJKsc-Regular', '--format', '%{file}\n']).toString().split('\n')[0]!;
    const font = fontkit.openSync(file, 'NotoSansCJKsc-Regular') as fontkit.Font;
    // The Simplified Chinese face draws the radical ⼾ with the glyph of 户 (U+6237), not of 戶.
    assert.equal(ideographs.get(font.glyphForCodePoint(0x2f3e).id), 0x6237);
    assert.equal(ideographs.get(font.glyphForCodePoint(0x2f34).id), 0x5e7f);
    assert.equal(await installedFontIdeographs()('NoSuchFont-Regular'), undefined);
  });
});
