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

  it('writes a segment again into another file, where its objects keep their numbers beside gaps', async () => {
    // The first book: one page whose content and font are written as a segment.
    const first = await PDFDocument.create({updateMetadata: false});
    const font = await first.embedFont(StandardFonts.Helvetica);
    first.addPage([300, 200]).drawText('written once, copied after', {x: 20, y: 100, font, size: 12});
    await first.flush();
    const pageRef = first.getPage(0).ref;
    const firstWriter = await BookWriter.open(path.join(dir, 'first.pdf'));
    const bookObjects = [pageRef, first.context.trailerInfo.Root, first.catalog.get(PDFName.of('Pages'))];
    const page = first.getPage(0).node.clone(first.context);
    const segment = await firstWriter.writeSegment(
      first.context,
      first.context
        .enumerateIndirectObjects()
        .map(([ref]) => ref)
        .filter((ref) => !bookObjects.includes(ref)),
    );
    await firstWriter.abandon();
    assert.ok(segment.packed.length > 0 && segment.indirect.length > 0, 'packed objects and streams');

    // The second book: its catalog and page tree far above the segment's numbers, the page put back at its number.
    const second = await PDFDocument.create({updateMetadata: false});
    second.context.largestObjectNumber = 1000;
    const tree = second.context.register(second.context.obj({Type: 'Pages', Kids: [pageRef], Count: 1}));
    const root = second.context.register(second.context.obj({Type: 'Catalog', Pages: tree}));
    page.set(PDFName.of('Parent'), tree);
    second.context.assign(pageRef, page);
    const file = path.join(dir, 'copied.pdf');
    const writer = await BookWriter.open(file);
    await writer.copySegment(segment);
    await writer.finish(second.context, `/Root ${String(root)}`);

    await run('qpdf', ['--check', file]);
    const {stdout} = await run('pdftotext', [file, '-']);
    assert.equal(stdout.trim(), 'written once, copied after');
    assert.equal((await PDFDocument.load(await fs.readFile(file))).getPageCount(), 1);
  });
});
