import assert from 'node:assert/strict';
import {chmod, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {CJK_TRUETYPE_PATTERNS, checkFonts, FONT_PACKAGES, installedFontFile, installedFontsDigest} from '../../server/fonts';
import {tempDir} from '../helpers/fixtures';

describe('font check', () => {
  let scratch: Awaited<ReturnType<typeof tempDir>>;
  before(async () => (scratch = await tempDir('export-pdf-fonts')));
  after(async () => scratch.remove());

  /** A stand-in for fc-list that knows a font for the patterns given. */
  async function fcList(known: string[]): Promise<string> {
    const file = path.join(scratch.dir, `fc-list-${known.length}`);
    const cases = known.map((pattern) => `  '${pattern}') echo 'Some Font' ;;`).join('\n');
    await writeFile(file, `#!/bin/sh\ncase "$1" in\n${cases}\n  *) ;;\nesac\n`);
    await chmod(file, 0o755);
    return file;
  }

  const others = [':lang=ru', ':lang=el', ':lang=ar', ':lang=he', ':charset=2b62'];
  const cjk = [':lang=zh-cn', ':lang=ja', ':lang=ko'];

  it('names every script without a font, and the packages that bring them', async () => {
    const report = await checkFonts(await fcList(others));
    assert.equal(report.state, 'incomplete');
    assert.deepEqual(report.state === 'incomplete' && report.missing, [
      'emoji',
      'Chinese',
      'Japanese',
      'Korean',
      'Chinese, Japanese and Korean in TrueType outlines',
    ]);
    assert.match(report.state === 'incomplete' ? report.detail : '', new RegExp(`apt-get install ${FONT_PACKAGES}\\.$`));
  });

  it('wants CJK fonts of TrueType outlines: a CFF font prints as Type 3 glyphs', async () => {
    const report = await checkFonts(await fcList([':charset=1f680', ...cjk, ...others, ...CJK_TRUETYPE_PATTERNS.slice(0, 3)]));
    assert.deepEqual(report.state === 'incomplete' && report.missing, ['Chinese, Japanese and Korean in TrueType outlines']);
    assert.match(
      report.state === 'incomplete' ? report.detail : '',
      /^No font for Chinese, Japanese and Korean in TrueType outlines: such text prints as Type 3 glyphs/,
    );
  });

  it('is complete when every script has a font', async () => {
    const all = [':charset=1f680', ...cjk, ...CJK_TRUETYPE_PATTERNS, ...others];
    assert.deepEqual(await checkFonts(await fcList(all)), {state: 'complete'});
  });

  it('says the fonts were not checked where there is no fontconfig', async () => {
    const report = await checkFonts(path.join(scratch.dir, 'no-such-fc-list'));
    assert.equal(report.state, 'unchecked');
  });

  it(
    'lists the installed fonts once: their digest, and the file of each PostScript name as fontconfig matches it',
    {skip: process.platform !== 'linux'},
    async () => {
      const fcList = (...args: string[]) => execFileSync('fc-list', args).toString();
      // The print cache's keys stay as they were when the list held the files only.
      const files = fcList('--format', '%{file}\n').split('\n').sort().join('\n');
      assert.equal(await installedFontsDigest(), createHash('sha256').update(files).digest('hex'));
      for (const name of ['NotoSansCJKsc-Regular', 'NotoNaskhArabic-Regular', 'DejaVuSans']) {
        assert.equal(await installedFontFile(name), fcList(`:postscriptname=${name}`, '--format', '%{file}\n').split('\n')[0], name);
      }
      assert.equal(await installedFontFile('NoSuchFont-Regular'), undefined);
    },
  );
});
