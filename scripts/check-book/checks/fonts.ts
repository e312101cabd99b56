import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {isEmojiPart} from '../type3-text';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF]/u;

/**
 * Text is drawn in real fonts: a Type 3 font (glyphs drawn as procedures, what Chromium prints for
 * a font of CFF outlines or of bitmaps) holds only emoji. PDF/UA and print shops want text in
 * embedded fonts with their outlines, and readers draw Type 3 glyphs without hinting; the
 * characters each Type 3 font's ToUnicode maps are what it holds.
 */
export async function checkFonts({fonts, type3}: CheckContext): Promise<CheckResult> {
  const findings: Finding[] = [];
  const texts = await type3();
  let textFonts = 0;
  let cjkFonts = 0;
  for (const {object, chars} of texts) {
    const text = [...chars].filter((char) => !isEmojiPart(char) && char.trim() !== '');
    if (text.length === 0) continue;
    textFonts++;
    if (text.some((char) => CJK.test(char))) cjkFonts++;
    findings.push({text: `Type 3 font ${object} holds text: ${JSON.stringify(text.slice(0, 16).join(''))}${text.length > 16 ? '…' : ''}`});
  }
  return resultOf(
    'fonts',
    `${texts.length} Type 3 fonts of ${fonts.length}, ${textFonts} holding text other than emoji (${cjkFonts} CJK)`,
    findings,
    {fonts: fonts.length, type3: texts.length, type3Text: textFonts, type3Cjk: cjkFonts},
  );
}
