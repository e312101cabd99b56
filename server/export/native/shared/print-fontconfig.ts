import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {CJK_TRUETYPE_PATTERNS} from '../../../fonts';
import {CJK_FAMILIES} from './cjk-families';

const run = promisify(execFile);

/** The fontconfig file Chromium would read: the one the environment names, else the usual places. */
function mainConfig(env: NodeJS.ProcessEnv): string | undefined {
  const candidates = [
    env.FONTCONFIG_FILE,
    env.FONTCONFIG_PATH && path.join(env.FONTCONFIG_PATH, 'fonts.conf'),
    '/etc/fonts/fonts.conf',
    '/usr/local/etc/fonts/fonts.conf',
    '/opt/homebrew/etc/fonts/fonts.conf',
  ];
  return candidates.find((file): file is string => Boolean(file) && path.isAbsolute(file!) && existsSync(file!));
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function anyFont(pattern: string): Promise<boolean> {
  const {stdout} = await run('fc-list', [pattern, 'file'], {timeout: 10_000});
  return stdout.trim() !== '';
}

/**
 * A fontconfig file for the Chromium that prints: the machine's own configuration, with the CJK
 * fonts of CFF outlines set aside when TrueType ones cover Chinese, Japanese and Korean. Chromium
 * prints a CFF font's glyphs as Type 3 fonts (see server/fonts.ts CJK_TRUETYPE_PATTERNS); set
 * aside, its family names and the fallback for CJK characters find the TrueType fonts, which
 * print as CID font subsets. Undefined where no TrueType fonts cover the three, or there is no
 * fontconfig.
 */
export async function cjkPrintFontconfig(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const main = mainConfig(env);
  if (!main) return undefined;
  try {
    // Written without CFF fonts to set aside too: its fallback order keeps Japanese out of the Chinese font.
    const truetype = await Promise.all(CJK_TRUETYPE_PATTERNS.map(anyFont));
    if (!truetype.every(Boolean)) return undefined;
  } catch {
    return undefined;
  }
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    `  <include ignore_missing="yes">${escapeXml(main)}</include>`,
    // Weak: a family the page names itself still comes first; these lead the fallback for the language.
    ...CJK_FAMILIES.flatMap(({langs, families}) =>
      langs.map((lang) =>
        [
          '  <match target="pattern">',
          `    <test name="lang" compare="contains"><string>${lang}</string></test>`,
          `    <edit name="family" mode="prepend_first" binding="weak">${families.map((family) => `<string>${family}</string>`).join('')}</edit>`,
          '  </match>',
        ].join('\n'),
      ),
    ),
    '  <selectfont>',
    '    <rejectfont>',
    '      <pattern>',
    '        <patelt name="fontformat"><string>CFF</string></patelt>',
    '        <patelt name="charset"><charset><int>0x4e00</int></charset></patelt>',
    '      </pattern>',
    '    </rejectfont>',
    '  </selectfont>',
    '</fontconfig>',
    '',
  ].join('\n');
}

let memo: Promise<string | undefined> | undefined;

/** cjkPrintFontconfig, once per process: the fonts it reads are those server/fonts.ts digests once per process too. */
export function printFontconfig(): Promise<string | undefined> {
  memo ??= cjkPrintFontconfig();
  return memo;
}
