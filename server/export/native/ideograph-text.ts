import {decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument} from 'pdf-lib';
import type {FontIdeographs} from './font-ideographs';
import {parseToUnicode, writeToUnicode} from './to-unicode-cmap';

/**
 * CJK radicals and strokes (U+2E80–U+2FDF, U+31C0–U+31EF). A CJK font draws 广 and the radical
 * ⼴ with one glyph, and Chromium's ToUnicode gives each glyph the first code point that maps to
 * it, the radical, which sorts before the ideographs: the book looks right, but its text (search,
 * copy, screen readers) reads "⽤⼾" for 用户.
 */
export const RADICAL_OR_STROKE = /[\p{Radical}\u31C0-\u31EF]/u;
/** The same, as they are written in a CMap: four hex digits. */
const RADICAL_HEX = /<(?:2E[89A-F][0-9A-F]|2F[0-9A-D][0-9A-F]|31[C-E][0-9A-F])>/i;

const name = (dict: PDFDict | undefined, key: string) => dict?.get(PDFName.of(key))?.toString().slice(1);

/** The PostScript name of a font, without its subset tag (AAAAAA+). */
function postscriptName(font: PDFDict): string | undefined {
  const descendant = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookupMaybe(0, PDFDict);
  const descriptor = (descendant ?? font).lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
  return (name(descriptor, 'FontName') ?? name(font, 'BaseFont'))?.replace(/^[A-Z]{6}\+/, '');
}

/**
 * Which glyph each code of a font draws: a Type 3 font names its glyphs g<hex glyph id> in its
 * encoding (as Chromium writes them); a Type 0 font with an Identity CIDToGIDMap uses the glyph id
 * as its code. Undefined for any other font.
 */
function glyphOfCode(font: PDFDict): ((code: number) => number | undefined) | undefined {
  const subtype = name(font, 'Subtype');
  if (subtype === 'Type3') {
    const differences = font.lookupMaybe(PDFName.of('Encoding'), PDFDict)?.lookupMaybe(PDFName.of('Differences'), PDFArray);
    if (!differences) return undefined;
    const glyphs = new Map<number, number>();
    let code = 0;
    for (const item of differences.asArray()) {
      if (item instanceof PDFNumber) {
        code = item.asNumber();
        continue;
      }
      const glyph = /^\/g([0-9A-Fa-f]+)$/.exec(item.toString());
      if (glyph) glyphs.set(code, Number.parseInt(glyph[1]!, 16));
      code++;
    }
    return (code) => glyphs.get(code);
  }
  if (subtype === 'Type0') {
    const descendant = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookupMaybe(0, PDFDict);
    return name(descendant, 'CIDToGIDMap') === 'Identity' ? (code) => code : undefined;
  }
  return undefined;
}

/**
 * Gives back the ideographs of CJK text that Chromium's ToUnicode maps to radicals: for each
 * code that reads as a radical or stroke, the glyph it draws is looked up in the installed font,
 * and the unified ideograph that font draws with that glyph (广 for ⼴ in a Simplified Chinese
 * font, 戶 in a Traditional one) replaces it. Returns how many codes were changed.
 */
export async function restoreIdeographs(document: PDFDocument, fontIdeographs: FontIdeographs): Promise<number> {
  let changed = 0;
  const done = new Set<string>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || name(object, 'Type') !== 'Font') continue;
    const ref = object.get(PDFName.of('ToUnicode'));
    if (!(ref instanceof PDFRef) || done.has(ref.toString())) continue;
    done.add(ref.toString());
    const stream = document.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const cmap = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    if (!RADICAL_HEX.test(cmap)) continue;
    const fontName = postscriptName(object);
    const glyphOf = glyphOfCode(object);
    const ideographs = fontName && glyphOf ? await fontIdeographs(fontName) : undefined;
    if (!ideographs) continue;
    const map = parseToUnicode(cmap);
    let fixed = 0;
    for (const [code, text] of map.text) {
      if ([...text].length !== 1 || !RADICAL_OR_STROKE.test(text)) continue;
      const glyph = glyphOf!(code);
      const ideograph = glyph === undefined ? undefined : ideographs.get(glyph);
      if (ideograph === undefined) continue;
      map.text.set(code, String.fromCodePoint(ideograph));
      fixed++;
    }
    if (fixed === 0) continue;
    document.context.assign(ref, document.context.flateStream(writeToUnicode(map)));
    changed += fixed;
  }
  return changed;
}
