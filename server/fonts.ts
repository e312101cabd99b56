import {execFile} from 'node:child_process';
import {createHash} from 'node:crypto';
import {promisify} from 'node:util';

const run = promisify(execFile);

/** Scripts docs commonly hold, and how fontconfig (which Chromium asks on Linux) is queried for each. */
const SCRIPTS: Array<{name: string; pattern: string}> = [
  {name: 'emoji', pattern: ':charset=1f680'},
  {name: 'Chinese', pattern: ':lang=zh-cn'},
  {name: 'Japanese', pattern: ':lang=ja'},
  {name: 'Korean', pattern: ':lang=ko'},
  {name: 'Cyrillic', pattern: ':lang=ru'},
  {name: 'Greek', pattern: ':lang=el'},
  {name: 'Arabic', pattern: ':lang=ar'},
  {name: 'Hebrew', pattern: ':lang=he'},
  // Arrows and symbols docs use for UI paths ("Settings ⭢ Filters"); DejaVu, often the only font present, lacks them.
  {name: 'symbols and arrows', pattern: ':charset=2b62'},
];

/** The Debian/Ubuntu packages that bring fonts for every script above. */
export const FONT_PACKAGES = 'fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core';

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
    const found = await Promise.all(
      SCRIPTS.map(async ({pattern}) => (await run(fcList, [pattern, 'family'], {timeout: 10_000})).stdout.trim() !== ''),
    );
    const missing = SCRIPTS.filter((_script, index) => !found[index]).map((script) => script.name);
    if (missing.length === 0) return {state: 'complete'};
    return {
      state: 'incomplete',
      missing,
      detail: `No font for ${missing.join(', ')}: such characters print as empty boxes. On Debian/Ubuntu: apt-get install ${FONT_PACKAGES}.`,
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
