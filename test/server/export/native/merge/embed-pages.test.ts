import assert from 'node:assert/strict';
import {inflateSync} from 'node:zlib';
import {describe, it} from 'node:test';
import {PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFRef} from 'pdf-lib';
import {embedPages} from '../../../../../server/export/native/merge/embed-pages';

const show = (text: string) => `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`;

/** A saved and loaded one-page PDF drawn by `streams`, as Chromium prints a page: its streams raw (Flate). */
async function printedPage(streams: string[]): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([300, 200]);
  const {context} = document;
  page.node.set(PDFName.of('Resources'), context.obj({Font: {F1: font.ref}}));
  const refs = streams.map((content) => context.register(context.flateStream(content)));
  page.node.set(PDFName.of('Contents'), refs.length === 1 ? refs[0]! : context.obj(refs));
  return PDFDocument.load(await document.save({useObjectStreams: false}));
}

const contentsOf = (document: PDFDocument) => document.getPages()[0]!.node.get(PDFName.of('Contents'));
const formOf = (book: PDFDocument, ref: PDFRef) => book.context.lookup(ref) as PDFRawStream;

describe('embedPages', () => {
  it("keeps a page's only content stream as its bytes are, and leaves the page as it was", async () => {
    const source = await printedPage([show('a header')]);
    const contents = contentsOf(source);
    const stream = source.context.lookup(contents) as PDFRawStream;
    const book = await PDFDocument.create();
    const [embedded] = embedPages(book, source, [0]);
    const form = formOf(book, embedded!.ref);
    assert.deepEqual(Buffer.from(form.getContents()), Buffer.from(stream.getContents()), 'the same compressed bytes');
    assert.equal(form.dict.get(PDFName.of('Filter')), PDFName.of('FlateDecode'));
    assert.ok(form.dict.lookup(PDFName.of('Resources'), PDFDict).lookup(PDFName.of('Font'), PDFDict).has(PDFName.of('F1')), 'its font');
    assert.equal(contentsOf(source), contents, "the page's contents untouched");
    assert.deepEqual([embedded!.width, embedded!.height], [300, 200]);
  });

  it('joins the streams of a page drawn by several into one', async () => {
    const source = await printedPage([show('first'), show('second')]);
    assert.ok(contentsOf(source) instanceof PDFArray);
    const book = await PDFDocument.create();
    const [embedded] = embedPages(book, source, [0]);
    assert.equal(inflateSync(formOf(book, embedded!.ref).getContents()).toString('latin1'), `${show('first')}\n${show('second')}\n`);
  });
});
