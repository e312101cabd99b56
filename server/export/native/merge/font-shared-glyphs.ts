import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import * as fontkit from 'fontkit';

const run = promisify(execFile);

/**
 * For a font, by PostScript name: the glyphs that several code points draw, each with those code
 * points in ascending order (glyph id → code points). A CJK font draws 广 and the radical ⼴, or
 * ・ and U+2027, with one glyph.
 */
export type FontSharedGlyphs = (postscriptName: string) => Promise<ReadonlyMap<number, readonly number[]> | undefined>;

/** The file of an installed font with this PostScript name, from fontconfig; undefined where there is none. */
async function fontFile(postscriptName: string): Promise<string | undefined> {
  try {
    const {stdout} = await run('fc-list', [`:postscriptname=${postscriptName}`, '--format', '%{file}\n'], {timeout: 10_000});
    return stdout.split('\n').find(Boolean);
  } catch {
    return undefined;
  }
}

async function readSharedGlyphs(postscriptName: string): Promise<ReadonlyMap<number, readonly number[]> | undefined> {
  const file = await fontFile(postscriptName);
  if (!file) return undefined;
  try {
    const font = await fontkit.open(file, postscriptName);
    if (!('characterSet' in font)) return undefined;
    const points = new Map<number, number[]>();
    for (const point of font.characterSet) {
      const id = font.glyphForCodePoint(point).id;
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
