/**
 * TrueType sans-serif fonts for each CJK language, first the one server/fonts.ts FONT_PACKAGES
 * installs: the print's fontconfig puts them first in the fallback (print-fontconfig.ts), and a
 * book in that language names them in its font stacks (nameCjkFamilies).
 */
export const CJK_FAMILIES: ReadonlyArray<{langs: readonly string[]; families: readonly string[]}> = [
  {langs: ['ja'], families: ['BIZ UDPGothic', 'BIZ UDGothic', 'IPAPGothic', 'IPAGothic', 'IPAexGothic', 'TakaoPGothic', 'VL PGothic']},
  {langs: ['ko'], families: ['NanumGothic', 'UnDotum', 'Baekmuk Gulim']},
  {langs: ['zh-cn', 'zh-sg', 'zh-tw', 'zh-hk', 'zh-mo'], families: ['WenQuanYi Micro Hei', 'WenQuanYi Zen Hei', 'Droid Sans Fallback']},
];

/**
 * Runs in the printed part (serialized: self-contained). Chromium on Linux draws a character the
 * font stack lacks in the regular face of the font fontconfig falls back to, whatever the weight
 * asked: a bold Japanese heading printed regular. Named at the end of the site's stacks (Infima's
 * font variables) for the book's language, the CJK font is matched by weight like any other, so
 * its bold face prints. Latin text keeps the fonts before it.
 */
export function nameCjkFamilies(families: ReadonlyArray<{langs: readonly string[]; families: readonly string[]}>): boolean {
  const root = document.documentElement;
  const lang = (root.lang || '').toLowerCase();
  const named = families.find((entry) =>
    entry.langs.some((code) => lang === code || lang.startsWith(`${code.split('-')[0]}-`) || lang === code.split('-')[0]),
  );
  if (!named) return false;
  const extra = named.families.map((family) => `"${family}"`).join(', ');
  const style = getComputedStyle(root);
  let changed = false;
  for (const variable of ['--ifm-font-family-base', '--ifm-font-family-monospace', '--ifm-heading-font-family']) {
    const value = style.getPropertyValue(variable).trim();
    if (!value) continue;
    root.style.setProperty(variable, `${value}, ${extra}`);
    changed = true;
  }
  return changed;
}
