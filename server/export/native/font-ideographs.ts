import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import * as fontkit from 'fontkit';

const run = promisify(execFile);

/** For a font, by PostScript name: the unified ideograph each of its glyphs draws (glyph id → code point). */
export type FontIdeographs = (postscriptName: string) => Promise<ReadonlyMap<number, number> | undefined>;

const UNIFIED = /\p{Unified_Ideograph}/u;

/** The file of an installed font with this PostScript name, from fontconfig; undefined where there is none. */
async function fontFile(postscriptName: string): Promise<string | undefined> {
  try {
    const {stdout} = await run('fc-list', [`:postscriptname=${postscriptName}`, '--format', '%{file}\n'], {timeout: 10_000});
    return stdout.split('\n').find(Boolean);
  } catch {
    return undefined;
  }
}

async function readIdeographs(postscriptName: string): Promise<ReadonlyMap<number, number> | undefined> {
  const file = await fontFile(postscriptName);
  if (!file) return undefined;
  try {
    const font = await fontkit.open(file, postscriptName);
    if (!('characterSet' in font)) return undefined;
    const glyphs = new Map<number, number>();
    for (const point of font.characterSet) {
      if (!UNIFIED.test(String.fromCodePoint(point))) continue;
      const id = font.glyphForCodePoint(point).id;
      if (id !== 0 && !glyphs.has(id)) glyphs.set(id, point);
    }
    return glyphs;
  } catch {
    return undefined;
  }
}

/**
 * Reads installed fonts (once per name and process) through fontconfig, the fonts Chromium
 * printed with on Linux. Where fontconfig or the font is missing, the answer is undefined and
 * the text is left as Chromium wrote it.
 */
export function installedFontIdeographs(): FontIdeographs {
  const cache = new Map<string, Promise<ReadonlyMap<number, number> | undefined>>();
  return (postscriptName) => {
    let glyphs = cache.get(postscriptName);
    if (!glyphs) {
      glyphs = readIdeographs(postscriptName);
      cache.set(postscriptName, glyphs);
    }
    return glyphs;
  };
}
