import assert from 'node:assert/strict';
import {after, before, describe, it} from 'node:test';
import {PrintCache} from '../../../../../server/export/native/print-cache/print-cache';
import {frontMatterPrint, overlayPrint, printOnce} from '../../../../../server/export/native/print-cache/print-once';
import {tempDir} from '../../../../helpers/fixtures';

const pdf = {format: 'A4' as const, tagged: true};
const box = {width: 700, height: 900};

describe('printOnce', () => {
  let scratch: Awaited<ReturnType<typeof tempDir>>;
  let store: PrintCache;
  before(async () => {
    scratch = await tempDir('print-once');
    store = await PrintCache.open({dir: scratch.dir, maxBytes: 1 << 20});
  });
  after(() => scratch.remove());

  /** A printer that counts its prints and prints what it was asked for. */
  const printer = () => {
    const printer = {prints: 0, print: (text: string) => async () => (printer.prints++, new Uint8Array(Buffer.from(text)))};
    return printer;
  };
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();

  it('prints a TOC once for the same HTML, on any port the site is served from', async () => {
    const counted = printer();
    const machine = {chromium: 'HeadlessChrome/156', fonts: 'f1'};
    const toc = (origin: string, page: number) =>
      `<link rel="stylesheet" href="${origin}/assets/css/styles.css"><a href="#intro">Intro</a><span>${page}</span>`;
    const first = frontMatterPrint(toc('http://127.0.0.1:3001', 3), {origin: 'http://127.0.0.1:3001', pdf, box});
    const again = frontMatterPrint(toc('http://127.0.0.1:41957', 3), {origin: 'http://127.0.0.1:41957', pdf, box});
    assert.equal(text(await printOnce({store, machine}, first, counted.print('toc-3'))), 'toc-3');
    assert.equal(text(await printOnce({store, machine}, again, counted.print('not printed'))), 'toc-3');
    assert.equal(counted.prints, 1);

    const renumbered = frontMatterPrint(toc('http://127.0.0.1:3001', 4), {origin: 'http://127.0.0.1:3001', pdf, box});
    assert.equal(text(await printOnce({store, machine}, renumbered, counted.print('toc-4'))), 'toc-4', 'another page number');
    const untagged = frontMatterPrint(toc('http://127.0.0.1:3001', 3), {
      origin: 'http://127.0.0.1:3001',
      pdf: {...pdf, tagged: false},
      box,
    });
    assert.equal(text(await printOnce({store, machine}, untagged, counted.print('untagged'))), 'untagged', 'other PDF options');
    const otherChromium = {...machine, chromium: 'HeadlessChrome/157'};
    assert.equal(text(await printOnce({store, machine: otherChromium}, first, counted.print('new chromium'))), 'new chromium');
    const otherFonts = {...machine, fonts: 'f2'};
    assert.equal(text(await printOnce({store, machine: otherFonts}, first, counted.print('new fonts'))), 'new fonts');
    assert.equal(counted.prints, 5);
  });

  it('prints an overlay piece again only when its pages change', async () => {
    const counted = printer();
    const machine = {chromium: 'HeadlessChrome/156', fonts: 'f1'};
    const piece = (numbers: number[], total: number) =>
      overlayPrint({pages: numbers.map((number) => ({number, title: 'Intro'})), total}, pdf);
    await printOnce({store, machine}, piece([1, 2, 3], 3), counted.print('1-3 of 3'));
    assert.equal(text(await printOnce({store, machine}, piece([1, 2, 3], 3), counted.print('again'))), '1-3 of 3');
    assert.equal(text(await printOnce({store, machine}, piece([1, 2, 3], 4), counted.print('1-3 of 4'))), '1-3 of 4');
    assert.equal(counted.prints, 2);
  });

  it('prints every time without a cache', async () => {
    const counted = printer();
    const toc = frontMatterPrint('<p>TOC</p>', {origin: '', pdf, box});
    await printOnce(undefined, toc, counted.print('a'));
    await printOnce(undefined, toc, counted.print('a'));
    assert.equal(counted.prints, 2);
  });
});
