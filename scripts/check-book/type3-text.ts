import {readFile} from 'node:fs/promises';
import {decodePDFRawStream, PDFDict, PDFName, PDFRawStream, PDFRef, PDFDocument} from 'pdf-lib';
import {parseToUnicode} from '../../server/export/native/merge/to-unicode-cmap';
import type {FontRow} from './check-types';

/** A Type 3 font of the book and the characters its ToUnicode gives its glyphs. */
export type Type3Text = {object: string; chars: Set<string>};

/**
 * Characters an emoji font draws: pictographs, their modifiers and joiners, regional indicators,
 * tags and keycap bases, and the private-use code points Chromium gives a glyph that draws a
 * whole sequence (a flag). Chromium prints a colour (bitmap) emoji font as Type 3 glyphs; nothing
 * else should be.
 */
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Component}\p{Emoji_Presentation}\p{Co}\u20E3\uFE0E\uFE0F\u200D]/u;

export const isEmojiPart = (char: string) => EMOJI_PART.test(char);

/** Reads the ToUnicode of each Type 3 font pdffonts lists (`fonts`); none is read when it lists none. */
export async function readType3Text(file: string, fonts: readonly FontRow[]): Promise<Type3Text[]> {
  const type3 = fonts.filter((font) => font.type === 'Type 3');
  if (type3.length === 0) return [];
  const document = await PDFDocument.load(await readFile(file), {updateMetadata: false});
  const texts: Type3Text[] = [];
  for (const font of type3) {
    const [number, generation] = font.object.split(' ').map(Number);
    const dict = document.context.lookupMaybe(PDFRef.of(number!, generation ?? 0), PDFDict);
    const cmapRef = dict?.get(PDFName.of('ToUnicode'));
    const stream = cmapRef instanceof PDFRef ? document.context.lookup(cmapRef) : undefined;
    const chars = new Set<string>();
    if (stream instanceof PDFRawStream) {
      const cmap = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const text of parseToUnicode(cmap).text.values()) for (const char of text) chars.add(char);
    }
    texts.push({object: font.object, chars});
  }
  return texts;
}
