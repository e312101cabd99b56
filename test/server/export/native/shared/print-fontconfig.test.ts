import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {after, before, describe, it} from 'node:test';
import {cjkPrintFontconfig} from '../../../../../server/export/native/shared/print-fontconfig';
import {tempDir} from '../../../../helpers/fixtures';

const run = promisify(execFile);

// scripts/setup.sh --for-tests installs fonts-noto-cjk (CFF) beside the TrueType CJK fonts of FONT_PACKAGES.
describe("the print's fontconfig", {skip: process.platform !== 'linux'}, () => {
  let scratch: Awaited<ReturnType<typeof tempDir>>;
  let env: NodeJS.ProcessEnv;
  const fcList = async (...args: string[]) => (await run('fc-list', args, {env})).stdout.trim();
  const fcMatch = async (pattern: string) =>
    (await run('fc-match', [pattern, 'family', 'fontformat', '--format', '%{family[0]} %{fontformat}'], {env})).stdout;

  before(async () => {
    scratch = await tempDir('print-fontconfig');
    const config = await cjkPrintFontconfig();
    assert.ok(config, 'a CFF CJK font is installed, and TrueType ones for Chinese, Japanese and Korean');
    const file = path.join(scratch.dir, 'fonts.conf');
    await writeFile(file, config);
    env = {...process.env, FONTCONFIG_FILE: file};
  });
  after(async () => scratch?.remove());

  it('sets the CJK fonts of CFF outlines aside, and only those', async () => {
    assert.equal(await fcList(':fontformat=CFF:charset=4e00', 'file'), '');
    assert.notEqual(await fcList(':fontformat=TrueType:charset=4e00', 'file'), '');
    // A page that names a CFF CJK family falls back to the TrueType ones; other families stay.
    assert.match(await fcMatch('Noto Sans CJK SC:charset=4e00:lang=zh-cn'), / TrueType$/);
    assert.equal(await fcMatch('DejaVu Sans:lang=ja'), 'DejaVu Sans TrueType');
  });

  it("falls back to each language's own TrueType font, with its bold face where it has one", async () => {
    assert.equal(await fcMatch('sans-serif:charset=4e00:lang=zh-cn'), 'WenQuanYi Micro Hei TrueType');
    assert.equal(await fcMatch('sans-serif:charset=3042:lang=ja'), 'BIZ UDPGothic TrueType');
    assert.equal(await fcMatch('sans-serif:charset=3042:lang=ja:weight=bold'), 'BIZ UDPGothic TrueType');
    assert.equal(await fcMatch('sans-serif:charset=ac00:lang=ko'), 'NanumGothic TrueType');
    const style = (await run('fc-match', ['sans-serif:charset=ac00:lang=ko:weight=bold', 'style', '--format', '%{style[0]}'], {env}))
      .stdout;
    assert.equal(style, 'Bold');
  });

  it("includes the machine's own configuration: the file the environment names, else the usual one", async () => {
    const own = path.join(scratch.dir, 'own & fonts.conf');
    await writeFile(own, '<fontconfig><include>/etc/fonts/fonts.conf</include></fontconfig>');
    assert.match((await cjkPrintFontconfig({FONTCONFIG_FILE: own}))!, /<include ignore_missing="yes">.*own &amp; fonts\.conf<\/include>/);
    assert.match(
      (await cjkPrintFontconfig({FONTCONFIG_FILE: path.join(scratch.dir, 'missing.conf')}))!,
      /<include ignore_missing="yes">\/etc\/fonts\/fonts\.conf</,
    );
  });
});
