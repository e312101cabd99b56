import {execFile} from 'node:child_process';
import {createHash} from 'node:crypto';
import {promisify} from 'node:util';

const run = promisify(execFile);

/**
 * Fonts with TrueType outlines for Chinese (simplified and traditional), Japanese and Korean, as
 * fontconfig patterns (scripts/setup.sh asks the same). Chromium prints the glyphs of a font with
 * CFF outlines (fonts-noto-cjk's collections) as Type 3 fonts: a thousand of them in a 300-page
 * Chinese book, whose text reads apart from the Latin words beside it (a heading "Go 模块") and
 * which readers draw without hinting. A TrueType font prints as a CID font subset.
 */
export const CJK_TRUETYPE_PATTERNS: readonly string[] = ['zh-cn', 'zh-tw', 'ja', 'ko'].map((lang) => `:fontformat=TrueType:lang=${lang}`);

const CJK_TRUETYPE = 'Chinese, Japanese and Korean in TrueType outlines';

/** Scripts docs commonly hold, and how fontconfig (which Chromium asks on Linux) is queried for each: every pattern must find a font. */
const SCRIPTS: Array<{name: string; patterns: readonly string[]}> = [
  {name: 'emoji', patterns: [':charset=1f680']},
  {name: 'Chinese', patterns: [':lang=zh-cn']},
  {name: 'Japanese', patterns: [':lang=ja']},
  {name: 'Korean', patterns: [':lang=ko']},
  {name: CJK_TRUETYPE, patterns: CJK_TRUETYPE_PATTERNS},
  {name: 'Cyrillic', patterns: [':lang=ru']},
  {name: 'Greek', patterns: [':lang=el']},
  {name: 'Arabic', patterns: [':lang=ar']},
  {name: 'Hebrew', patterns: [':lang=he']},
  // Arrows and symbols docs use for UI paths ("Settings ⭢ Filters"); DejaVu, often the only font present, lacks them.
  {name: 'symbols and arrows', patterns: [':charset=2b62']},
];

/**
 * The Debian/Ubuntu packages that bring fonts for every script above: Chinese in WenQuanYi Micro
 * Hei, Japanese in BIZ UDGothic, Korean in NanumGothic, all TrueType (see CJK_TRUETYPE_PATTERNS);
 * the Japanese and Korean ones with a bold face.
 */
export const FONT_PACKAGES = 'fonts-noto-color-emoji fonts-noto-core fonts-wqy-microhei fonts-morisawa-bizud-gothic fonts-nanum';

/** Which scripts the machine has a font for: `unchecked` where fontconfig is absent (macOS, Windows). */
export type FontReport =
  {state: 'complete'} | {state: 'incomplete'; missing: string[]; detail: string} | {state: 'unchecked'; detail: string};

/**
 * Asks fontconfig for a font of each script. A book whose text has a script
 * no font covers prints its characters as empty boxes (tofu), so the server
 * warns at start and /health reports it.
 */
export async function checkFonts(fcList = 'fc-list'): Promise<FontReport> {
  try {
    const has = async (pattern: string) => (await run(fcList, [pattern, 'family'], {timeout: 10_000})).stdout.trim() !== '';
    const found = await Promise.all(SCRIPTS.map(async ({patterns}) => (await Promise.all(patterns.map(has))).every(Boolean)));
    const missing = SCRIPTS.filter((_script, index) => !found[index]).map((script) => script.name);
    if (missing.length === 0) return {state: 'complete'};
    const boxes = missing.filter((name) => name !== CJK_TRUETYPE);
    return {
      state: 'incomplete',
      missing,
      detail: [
        boxes.length > 0 && `No font for ${boxes.join(', ')}: such characters print as empty boxes.`,
        boxes.length < missing.length && `No font for ${CJK_TRUETYPE}: such text prints as Type 3 glyphs from CFF fonts.`,
        `On Debian/Ubuntu: apt-get install ${FONT_PACKAGES}.`,
      ]
        .filter(Boolean)
        .join(' '),
    };
  } catch {
    return {state: 'unchecked', detail: 'fontconfig (fc-list) is not available, so the fonts were not checked.'};
  }
}

/** A SHA-256 of the font files fontconfig lists, and the file of each PostScript name (the first fontconfig lists). */
type FontList = {digest: string; byPostscriptName: ReadonlyMap<string, string>};

let fontList: Promise<FontList | undefined> | undefined;

/** fontconfig's fonts, listed once per process; undefined without fontconfig. */
function listFonts(): Promise<FontList | undefined> {
  fontList ??= run('fc-list', ['--format', '%{file}\t%{postscriptname}\n'], {timeout: 10_000, maxBuffer: 16 * 1024 * 1024}).then(
    ({stdout}) => {
      const byPostscriptName = new Map<string, string>();
      const files = stdout.split('\n').map((line) => {
        const [file = '', name] = line.split('\t');
        if (name && !byPostscriptName.has(name)) byPostscriptName.set(name, file);
        return file;
      });
      return {digest: createHash('sha256').update(files.sort().join('\n')).digest('hex'), byPostscriptName};
    },
    () => undefined,
  );
  return fontList;
}

/**
 * A SHA-256 of the font files fontconfig lists, once per process: a font installed or removed
 * changes how text prints, so the print cache's keys include it. Empty without fontconfig.
 */
export async function installedFontsDigest(): Promise<string> {
  return (await listFonts())?.digest ?? '';
}

/** The file of the installed font with this PostScript name, as fontconfig (which Chromium asks on Linux) lists it; undefined where there is none. */
export async function installedFontFile(postscriptName: string): Promise<string | undefined> {
  return (await listFonts())?.byPostscriptName.get(postscriptName);
}
