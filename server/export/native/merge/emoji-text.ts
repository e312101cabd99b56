/**
 * Emoji that Chromium's text reads as a private-use code point. Noto Color Emoji maps Google's
 * legacy emoji code points (U+FE4E5–U+FE4EE, U+FE82C–U+FE837) to the glyphs of ten flags and
 * eleven keycaps, which a page writes as sequences (`1` U+FE0F U+20E3, two regional indicators)
 * that the font's ligatures draw. Chromium's ToUnicode gives each glyph the first code point that
 * maps to it, so the book's text read "󾠮 从简单开始" for the heading "1️⃣ 从简单开始" (Noto
 * Color Emoji's cmap, read with fontkit: these 21 code points and no others past U+F0000).
 */
const FLAGS = ['JP', 'US', 'FR', 'DE', 'IT', 'GB', 'ES', 'RU', 'CN', 'KR'];
const KEYCAPS = ['#', '', '1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

const regional = (letter: string) => String.fromCodePoint(0x1f1e6 + letter.charCodeAt(0) - 65);

/** Google's private-use code point → the emoji sequence a page writes for it. */
export const EMOJI_OF_PRIVATE_USE: ReadonlyMap<string, string> = new Map([
  ...FLAGS.map((flag, index) => [String.fromCodePoint(0xfe4e5 + index), [...flag].map(regional).join('')] as const),
  ...KEYCAPS.flatMap((key, index) => (key ? [[String.fromCodePoint(0xfe82c + index), `${key}\ufe0f\u20e3`] as const] : [])),
]);

/** The same code points as a CMap writes them: UTF-16BE surrogate pairs in hex. */
export const EMOJI_PRIVATE_USE_HEX = /<DBB9DCE[5-9A-E]>|<DBBADC(?:2C|2[E-F]|3[0-7])>/i;
