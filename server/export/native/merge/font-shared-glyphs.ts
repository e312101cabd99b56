import * as fontkit from 'fontkit';
import {installedFontFile} from '../../../fonts';

/**
 * For a font, by PostScript name: the glyphs that several code points draw, each with those code
 * points in ascending order (glyph id → code points). A CJK font draws 广 and the radical ⼴, or
 * ・ and U+2027, with one glyph.
 */
export type FontSharedGlyphs = (postscriptName: string) => Promise<ReadonlyMap<number, readonly number[]> | undefined>;

/** fontkit's reader of the font's character map: a glyph id for a code point, without the Glyph object glyphForCodePoint makes. */
type CmapLookup = {lookup: (codePoint: number) => number};

function glyphIdOf(font: fontkit.Font): (codePoint: number) => number {
  const cmap = (font as unknown as {_cmapProcessor?: Partial<CmapLookup>})._cmapProcessor;
  if (typeof cmap?.lookup === 'function') return (codePoint) => cmap.lookup!(codePoint);
  return (codePoint) => font.glyphForCodePoint(codePoint).id;
}

/** The font of that name in a file: the file's only font, or the one of that name in a collection (.ttc). */
async function openFont(file: string, postscriptName: string): Promise<fontkit.Font | undefined> {
  // Given a name, fontkit takes a single font's as the name of a variation, and throws when it has none.
  const opened = await fontkit.open(file);
  return 'fonts' in opened ? (opened.getFont(postscriptName) ?? undefined) : opened;
}

async function readSharedGlyphs(postscriptName: string): Promise<ReadonlyMap<number, readonly number[]> | undefined> {
  const file = await installedFontFile(postscriptName);
  if (!file) return undefined;
  try {
    const font = await openFont(file, postscriptName);
    if (!font) return undefined;
    const glyphOf = glyphIdOf(font);
    const points = new Map<number, number[]>();
    for (const point of font.characterSet) {
      const id = glyphOf(point);
      if (id === 0) continue;
      const list = points.get(id);
      if (list) list.push(point);
      else points.set(id, [point]);
    }
    return new Map([...points].filter(([, list]) => list.length > 1).map(([id, list]) => [id, list.sort((a, b) => a - b)]));
  } catch {
    return undefined;
  }
}

/**
 * Reads installed fonts (once per name and process) through fontconfig, the fonts Chromium
 * printed with on Linux. Where fontconfig or the font is missing, the answer is undefined and
 * the text is left as Chromium wrote it.
 */
export function installedFontSharedGlyphs(): FontSharedGlyphs {
  const cache = new Map<string, Promise<ReadonlyMap<number, readonly number[]> | undefined>>();
  return (postscriptName) => {
    let glyphs = cache.get(postscriptName);
    if (!glyphs) {
      glyphs = readSharedGlyphs(postscriptName);
      cache.set(postscriptName, glyphs);
    }
    return glyphs;
  };
}
