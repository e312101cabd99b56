import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {after, before, describe, it} from 'node:test';
import {PDFDocument, PDFName, PDFStream, StandardFonts, type PDFRef} from 'pdf-lib';
import {BookWriter, refsAbove} from '../../../../../server/export/native/merge/book-writer';
import {tempDir} from '../../../../helpers/fixtures';

const run = promisify(execFile);
let scratch: Awaited<ReturnType<typeof tempDir>>;
let dir: string;

describe('BookWriter', () => {
  before(async () => {
    scratch = await tempDir('book-writer');
    dir = scratch.dir;
  });
  after(() => scratch.remove());

  it('writes objects as they are done and the rest at the end, into a file qpdf and pdf-lib read whole', async () => {
    const document = await PDFDocument.create({updateMetadata: false});
    const file = path.join(dir, 'written.pdf');
    const writer = await BookWriter.open(file);
    // First, on its own, as the book's information dictionary is written (merge-book.ts).
    document.setTitle('Written in pieces');
    await writer.write(document.context, [document.context.trailerInfo.Info as PDFRef], {packed: false});
    const font = await document.embedFont(StandardFonts.Helvetica);
    const pages = [];
    for (let index = 0; index < 150; index++) {
      // Enough objects for more than one object stream.
      const page = document.addPage([300, 200]);
      page.drawText(`page ${index}`, {x: 20, y: 100, font, size: 14});
      pages.push(page);
    }
    await document.flush();
    // The pages' content streams and font are done: written now, and gone from pdf-lib's context.
    const contents = pages.map((page) => page.node.get(PDFName.of('Contents')));
    const streams = refsAbove(document.context, 0).filter((ref) => document.context.lookup(ref) instanceof PDFStream);
    assert.ok(streams.length >= 150);
    await writer.write(document.context, streams);
    assert.equal(document.context.lookup(streams[0]!), undefined);
    const {Root, Info} = document.context.trailerInfo;
    await writer.finish(document.context, `/Root ${String(Root)} /Info ${String(Info)}`);

    await run('qpdf', ['--check', file]);
    const bytes = await fs.readFile(file);
    assert.match(
      bytes.subarray(0, 16).toString('latin1'),
      /^%PDF-1\.7\n%[\x80-\xff]{4}\n/,
      'the header, its binary comment on a line of its own',
    );
    // pdf-lib reads a file from its start, object after object, not from the cross-reference stream.
    const read = await PDFDocument.load(bytes);
    assert.equal(read.getPageCount(), 150);
    assert.equal(read.getTitle(), 'Written in pieces');
    assert.deepEqual(
      read.getPages().map((page) => String(page.node.get(PDFName.of('Contents')))),
      contents.map(String),
      'each page keeps its content stream',
    );
    const {stdout} = await run('pdftotext', ['-f', '150', '-l', '150', file, '-']);
    assert.equal(stdout.trim(), 'page 149');
  });

  it('leaves nothing but a closed file when abandoned', async () => {
    const file = path.join(dir, 'abandoned.pdf');
    const writer = await BookWriter.open(file);
    await writer.abandon();
    assert.ok((await fs.stat(file)).size < 20);
  });
});
