import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {after, before, describe, it} from 'node:test';
import type {Page} from 'puppeteer-core';
import {CJK_FAMILIES, nameCjkFamilies} from '../../server/export/native/shared/cjk-families';
import {tempDir} from '../helpers/fixtures';
import {blankPageForSuite} from '../helpers/suite-page';

/** A page styled as Infima does: its text in the base font stack, its headings bold. */
const page = (lang: string) =>
  `<html lang="${lang}"><head><style>:root { --ifm-font-family-base: system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, Cantarell, "Noto Sans", sans-serif; } body { font-family: var(--ifm-font-family-base); } h1 { font-weight: 700; } * { font-synthesis-weight: none; }</style></head><body><h1>Go 拡張機能</h1><p>日本語のテキスト</p></body></html>`;

// scripts/setup.sh installs BIZ UDGothic (fonts-morisawa-bizud-gothic) with its bold face.
describe('CJK fonts named in the font stacks of a book in that language', {timeout: 60_000, skip: process.platform !== 'linux'}, () => {
  let tab: Page;
  let scratch: Awaited<ReturnType<typeof tempDir>>;
  blankPageForSuite((opened) => (tab = opened));
  before(async () => (scratch = await tempDir('cjk-families')));
  after(async () => scratch?.remove());

  async function fontsPrinted(): Promise<string[]> {
    const file = path.join(scratch.dir, 'page.pdf');
    await writeFile(file, await tab.pdf({format: 'A4'}));
    const {stdout} = await promisify(execFile)('pdffonts', [file]);
    return stdout
      .split('\n')
      .slice(2)
      .map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''))
      .filter(Boolean);
  }

  it("prints a Japanese book's bold Japanese in the bold face, which fallback never picks", async () => {
    await tab.setContent(page('ja'));
    assert.equal(await tab.evaluate(nameCjkFamilies, CJK_FAMILIES), true);
    const fonts = await fontsPrinted();
    assert.ok(fonts.includes('BIZUDPGothic-Bold'), fonts.join(', '));
    assert.ok(fonts.includes('BIZUDPGothic-Regular'), fonts.join(', '));
  });

  it('leaves the stacks of a book in another language as they are', async () => {
    await tab.setContent(page('en'));
    assert.equal(await tab.evaluate(nameCjkFamilies, CJK_FAMILIES), false);
    assert.ok(!(await fontsPrinted()).includes('BIZUDPGothic-Bold'));
  });
});
