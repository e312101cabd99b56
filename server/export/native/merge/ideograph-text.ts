import {decodePDFRawStream, PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument} from 'pdf-lib';
import {EMOJI_OF_PRIVATE_USE, EMOJI_PRIVATE_USE_HEX} from './emoji-text';
import type {FontSharedGlyphs} from './font-shared-glyphs';
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
const UNIFIED = /\p{Unified_Ideograph}/u;

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
 * The code point a glyph should read as, of those its font draws with it (`points`), when
 * Chromium's ToUnicode gave it `text`: the one of them the book's text has, where that is not
 * `text` and there is only one (・ where the text has ・ and never U+2027; a Chinese text that
 * has the middle dot U+00B7 keeps it); else, for a radical or stroke, the ideograph.
 */
function intended(text: string, points: readonly number[], bookChars: ReadonlySet<string> | undefined): number | undefined {
  if (bookChars?.has(text)) return undefined;
  const inBook = bookChars ? points.filter((point) => bookChars.has(String.fromCodePoint(point))) : [];
  if (inBook.length === 1) return inBook[0];
  const ideographs = (inBook.length > 1 ? inBook : RADICAL_OR_STROKE.test(text) ? points : []).filter((point) =>
    UNIFIED.test(String.fromCodePoint(point)),
  );
  return ideographs[0];
}

/** Whether a font's text may read a shared glyph as the wrong code point: a radical, or a character the book's text does not have. */
function suspect(text: string, bookChars: ReadonlySet<string> | undefined): boolean {
  if ([...text].length !== 1) return false;
  return RADICAL_OR_STROKE.test(text) || (bookChars !== undefined && text.codePointAt(0)! >= 0x80 && !bookChars.has(text));
}

/**
 * Gives back the characters of text that Chromium's ToUnicode reads as another code point of the
 * same glyph: it gives each glyph the first code point that maps to it, so CJK text reads "⽤⼾"
 * for 用户 and "U+2027" for ・. For each suspect code, the glyph it draws is looked up in the
 * installed font and the code point the book's text has (`bookChars`: the characters of its
 * pages, where known) replaces it; see intended. Returns how many codes were changed.
 */
export async function restoreSharedGlyphText(
  document: PDFDocument,
  sharedGlyphs: FontSharedGlyphs,
  bookChars?: ReadonlySet<string>,
): Promise<number> {
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
    const emoji = EMOJI_PRIVATE_USE_HEX.test(cmap);
    if (!bookChars && !RADICAL_HEX.test(cmap) && !emoji) continue;
    const map = parseToUnicode(cmap);
    let fixed = 0;
    for (const [code, text] of emoji ? map.text : []) {
      const sequence = EMOJI_OF_PRIVATE_USE.get(text);
      if (sequence === undefined) continue;
      map.text.set(code, sequence);
      fixed++;
    }
    const suspects = [...map.text].filter(([, text]) => suspect(text, bookChars));
    const fontName = suspects.length > 0 ? postscriptName(object) : undefined;
    const glyphOf = fontName ? glyphOfCode(object) : undefined;
    const shared = fontName && glyphOf ? await sharedGlyphs(fontName) : undefined;
    for (const [code, text] of shared ? suspects : []) {
      const glyph = glyphOf!(code);
      const points = glyph === undefined || !shared ? undefined : shared.get(glyph);
      const point = points && intended(text, points, bookChars);
      if (point === undefined || String.fromCodePoint(point) === text) continue;
      map.text.set(code, String.fromCodePoint(point));
      fixed++;
    }
    if (fixed === 0) continue;
    document.context.assign(ref, document.context.flateStream(writeToUnicode(map)));
    changed += fixed;
  }
  return changed;
}

/** The characters beyond ASCII of some texts (the book's pages), for restoreSharedGlyphText. */
export function nonAsciiChars(texts: Iterable<string>): Set<string> {
  const chars = new Set<string>();
  for (const text of texts) {
    for (const char of text) if (char.charCodeAt(0) >= 0x80) chars.add(char);
  }
  return chars;
}
