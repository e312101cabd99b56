import {RADICAL_OR_STROKE} from '../../../server/export/native/merge/ideograph-text';
import {chapterSegments} from '../book-map';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {charsOf, nonAsciiChars} from '../text-normal';

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * No glyph drawn without a font: fonts that are not embedded (pdffonts); glyphs drawn as
 * .notdef (Chromium writes a character no installed font has as glyph 0 of the first font in
 * the fallback list, with no Unicode mapping: pdfjs' text reads it as U+0000, as it reads a
 * shaped glyph with no Unicode, so the pages whose text holds U+0000 are confirmed glyph by glyph
 * in their operator lists); non-ASCII characters of an article that its chapter's PDF text
 * never holds, read as pdfjs does and then, for the ones it lacks, with the `/ActualText` of
 * what Chromium draws as one glyph (a flag emoji); and CJK radicals in a chapter's text that
 * its article does not have: ideographs whose text reads as the radical drawn with the same
 * glyph (Chromium's ToUnicode), which search and copy cannot find.
 */
export async function checkTofu({book, map, fonts, reader}: CheckContext): Promise<CheckResult> {
  const findings: Finding[] = [];
  const notEmbedded = fonts.filter((font) => !font.embedded);
  for (const font of notEmbedded) findings.push({text: `font ${font.name} (${font.type}, ${font.encoding}) is not embedded`});
  let notdef = 0;
  let unmapped = 0;
  for (const page of book.pages) {
    if (page.unmappedGlyphs === 0) continue;
    const glyphs = await reader.notdefGlyphs(page.index);
    unmapped += page.unmappedGlyphs;
    if (glyphs === 0) continue;
    notdef += glyphs;
    const sample = page.items.find((item) => item.str.includes('\u0000'));
    const context = sample
      ? `, e.g. in ${JSON.stringify(
          sample.str
            .replace(/\u0000/g, '□')
            .trim()
            .slice(0, 60),
        )}`
      : '';
    findings.push({page: page.index + 1, text: `${glyphs} glyphs drawn as .notdef${context}`});
  }
  let missingChars = 0;
  let radicals = 0;
  for (const place of map.chapters) {
    if (place.start === undefined) continue;
    const wanted = nonAsciiChars(place.expected.article.text);
    if (wanted.size === 0) continue;
    const text = chapterSegments(map, place)
      .map(({segment}) => segment.text)
      .join('');
    const stray = [...text].filter((char) => RADICAL_OR_STROKE.test(char) && !wanted.has(char));
    if (stray.length > 0) {
      radicals += stray.length;
      const listed = [...new Set(stray)]
        .slice(0, 12)
        .map((char) => `${char} ${codePoint(char)}`)
        .join(', ');
      findings.push({
        page: place.start + 1,
        text: `"${place.expected.title}": ${stray.length} characters read as CJK radicals the article does not have: ${listed}`,
      });
    }
    const printed = charsOf(text);
    let missing = [...wanted].filter((char) => !printed.has(char));
    if (missing.length === 0) continue;
    const spoken = charsOf(await reader.actualText(place.start, place.end ?? place.start));
    missing = missing.filter((char) => !spoken.has(char));
    if (missing.length === 0) continue;
    missingChars += missing.length;
    const listed = missing
      .slice(0, 12)
      .map((char) => `${char} ${codePoint(char)}`)
      .join(', ');
    findings.push({
      page: place.start + 1,
      text: `"${place.expected.title}": ${missing.length} characters of the article never print: ${listed}`,
    });
  }
  return resultOf(
    'tofu',
    `${notEmbedded.length} fonts not embedded, ${notdef} .notdef glyphs (of ${unmapped} glyphs without Unicode), ${missingChars} article characters missing from their chapter, ${radicals} read as radicals`,
    findings,
    {fonts: fonts.length, notEmbedded: notEmbedded.length, notdefGlyphs: notdef, unmappedGlyphs: unmapped, missingChars, radicals},
  );
}
