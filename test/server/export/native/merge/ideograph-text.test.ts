import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {describe, it} from 'node:test';
import * as fontkit from 'fontkit';
import {decodePDFRawStream, PDFDocument, PDFName, PDFRawStream, PDFRef} from 'pdf-lib';
import {installedFontSharedGlyphs} from '../../../../../server/export/native/merge/font-shared-glyphs';
import {nonAsciiChars, restoreSharedGlyphText} from '../../../../../server/export/native/merge/ideograph-text';
import {parseToUnicode, writeToUnicode} from '../../../../../server/export/native/merge/to-unicode-cmap';

const cmapOf = (entries: string) =>
  `/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n1 begincodespacerange\n<00> <FF>\nendcodespacerange\n${entries}\nendcmap\nend\nend`;

describe('ToUnicode CMaps', () => {
  it('reads bfchar entries, bfrange entries that count up, and bfrange entries with a list', () => {
    const map = parseToUnicode(
      cmapOf(
        '2 beginbfchar\n<01> <2F34>\n<02> <D83DDE80>\nendbfchar\n2 beginbfrange\n<10> <12> <0041>\n<20> <21> [<0066006C> <4E2D>]\nendbfrange',
      ),
    );
    assert.equal(map.codeBytes, 1);
    assert.deepEqual(
      [...map.text],
      [
        [1, '⼴'],
        [2, '🚀'],
        [16, 'A'],
        [17, 'B'],
        [18, 'C'],
        [32, 'fl'],
        [33, '中'],
      ],
    );
  });

  it('writes what it reads, two-byte codes included', () => {
    const map = {
      codeBytes: 2,
      text: new Map([
        [0x41ef, '广'],
        [0x0003, '🚀'],
        [0x0100, 'ﬁ'],
      ]),
    };
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
      Encoding: context.obj({
        Type: 'Encoding',
        Differences: [0, PDFName.of('g0'), PDFName.of('g41EF'), PDFName.of('g69AB'), PDFName.of('g1'), PDFName.of('g66C')],
      }),
      ToUnicode: cmapRef,
    });
    context.register(font);
    return {document, cmapRef};
  });
}

const textOf = (document: PDFDocument, ref: PDFRef) =>
  parseToUnicode(Buffer.from(decodePDFRawStream(document.context.lookup(ref) as PDFRawStream).decode()).toString('latin1')).text;

describe('restoreSharedGlyphText', () => {
  const cmap = cmapOf('4 beginbfchar\n<00> <0020>\n<01> <2F34>\n<02> <2F64>\n<03> <31D0>\nendbfchar');
  /** A CJK font's shared glyphs: 广 and ⼴, 用 and ⽤, the middle dots. */
  const shared = new Map([
    [0x41ef, [0x2f34, 0x5e7f]],
    [0x69ab, [0x2f64, 0x7528]],
    [0x66c, [0xb7, 0x2022, 0x2027, 0x30fb]],
  ]);

  it('gives each glyph that reads as a radical the ideograph the font draws with it', async () => {
    const {document, cmapRef} = await bookWithType3Font(cmap);
    const asked: string[] = [];
    const changed = await restoreSharedGlyphText(document, async (name) => {
      asked.push(name);
      return shared;
    });
    assert.equal(changed, 2);
    assert.deepEqual(asked, ['NotoSansCJKsc-Regular']);
    // The stroke's glyph draws no ideograph in this font, so it stays.
    assert.deepEqual(
      [...textOf(document, cmapRef)],
      [
        [0, ' '],
        [1, '广'],
        [2, '用'],
        [3, '㇐'],
      ],
    );
  });

  it('reads a shared glyph as the one of its characters that the book’s text has, and only then', async () => {
    const dot = cmapOf('1 beginbfchar\n<04> <00B7>\nendbfchar');
    const readsAs = async (bookText: string) => {
      const {document, cmapRef} = await bookWithType3Font(dot);
      await restoreSharedGlyphText(document, async () => shared, nonAsciiChars([bookText]));
      return textOf(document, cmapRef).get(4);
    };
    assert.equal(await readsAs('<p>メモリ・ストレージ</p>'), '・');
    assert.equal(await readsAs('<p>列奥纳多·达·芬奇</p>'), '·', 'a Chinese name keeps its middle dot');
    assert.equal(await readsAs('<p>・ and •</p>'), '·', 'two candidates in the text: left as printed');
  });

  it('leaves fonts alone whose text has no radicals and no character the book lacks, and fonts it cannot find', async () => {
    const plain = await bookWithType3Font(cmapOf('1 beginbfchar\n<01> <5E7F>\nendbfchar'));
    let asked = 0;
    assert.equal(await restoreSharedGlyphText(plain.document, async () => (asked++, new Map()), nonAsciiChars(['广'])), 0);
    assert.equal(asked, 0);
    const unknown = await bookWithType3Font(cmap);
    assert.equal(await restoreSharedGlyphText(unknown.document, async () => undefined), 0);
    assert.equal(textOf(unknown.document, unknown.cmapRef).get(1), '⼴');
  });

  it('reads the keycap and flag emoji Chromium gives a private-use code point as the sequences a page writes', async () => {
    // Keycap 1, keycap #, the Japanese flag (as a range), and a private-use point of no emoji.
    const emoji = cmapOf(
      '3 beginbfchar\n<00> <DBBADC2E>\n<01> <DBBADC2C>\n<02> <E000>\nendbfchar\n1 beginbfrange\n<03> <04> <DBB9DCE5>\nendbfrange',
    );
    const {document, cmapRef} = await bookWithType3Font(emoji, 'AAAAAA+NotoColorEmoji');
    let asked = 0;
    assert.equal(await restoreSharedGlyphText(document, async () => (asked++, undefined)), 4);
    assert.deepEqual(
      [...textOf(document, cmapRef)],
      [
        [0, '1\ufe0f\u20e3'],
        [1, '#\ufe0f\u20e3'],
        [2, '\ue000'],
        [3, '🇯🇵'],
        [4, '🇺🇸'],
      ],
    );
    assert.equal(asked, 0, 'no font is read for them');
  });

  it("reads the installed CJK fonts' shared glyphs through fontconfig", {skip: process.platform !== 'linux'}, async () => {
    const glyphs = await installedFontSharedGlyphs()('NotoSansCJKsc-Regular');
    assert.ok(glyphs, 'fonts-noto-cjk is installed (scripts/setup.sh)');
    const file = execFileSync('fc-list', [':postscriptname=NotoSansCJKsc-Regular', '--format', '%{file}\n']).toString().split('\n')[0]!;
    const font = fontkit.openSync(file, 'NotoSansCJKsc-Regular') as fontkit.Font;
    // The Simplified Chinese face draws the radical ⼾ with the glyph of 户 (U+6237), not of 戶.
    assert.deepEqual(glyphs.get(font.glyphForCodePoint(0x2f3e).id), [0x2f3e, 0x6237]);
    assert.ok(glyphs.get(font.glyphForCodePoint(0x30fb).id)?.includes(0x2027), '・ shares its glyph with U+2027');
    assert.equal(await installedFontSharedGlyphs()('NoSuchFont-Regular'), undefined);
  });

  it(
    'reads the shared glyphs of a font alone in its file too, not only of a collection',
    {skip: process.platform !== 'linux'},
    async () => {
      const glyphs = await installedFontSharedGlyphs()('NotoNaskhArabic-Regular');
      assert.ok(glyphs, 'fonts-noto-core is installed (scripts/setup.sh)');
      const file = execFileSync('fc-list', [':postscriptname=NotoNaskhArabic-Regular', '--format', '%{file}\n']).toString().split('\n')[0]!;
      assert.match(file, /\.ttf$/);
      const font = fontkit.openSync(file) as fontkit.Font;
      // Alef with madda above and its isolated presentation form are one glyph.
      assert.deepEqual(glyphs.get(font.glyphForCodePoint(0x0622).id), [0x0622, 0xfe81]);
    },
  );
});
