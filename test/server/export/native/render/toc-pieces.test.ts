import assert from 'node:assert/strict';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import {PDFDocument, PDFName, PDFString} from 'pdf-lib';
import type {TocRange, TocRow} from '../../../../../server/export/native/assemble/book-html';
import {printTocInPieces, TOC_ROWS_PER_PRINT, type PrintableToc} from '../../../../../server/export/native/render/toc-pieces';
import {MARKER} from '../../../../../server/export/native/shared/markers';

const ROWS_PER_PAGE = 10;

/** Rows of docs with three headings each: a doc row every fourth. */
const rows: TocRow[] = Array.from({length: 100}, (_, index) => ({target: `t${index}`, kind: index % 4 === 0 ? 'doc' : 'heading'}));
const toc: PrintableToc = {rows, document: (range?: TocRange) => JSON.stringify(range ?? {from: 0, to: rows.length})};

/** A PDF laid out as a TOC of ROWS_PER_PAGE rows a page, each row a link to its target, `extra` blank pages after. */
async function layout(range: TocRange, extra = 0): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let first = range.from; first < range.to; first += ROWS_PER_PAGE) {
    const page = document.addPage([600, 800]);
    const links = [];
    for (let row = first; row < Math.min(range.to, first + ROWS_PER_PAGE); row++) {
      const y = 780 - (row - first) * 20;
      const action = document.context.obj({S: 'URI', URI: PDFString.of(`${MARKER}${rows[row]!.target}`)});
      links.push(document.context.register(document.context.obj({Type: 'Annot', Subtype: 'Link', Rect: [20, y - 15, 580, y], A: action})));
    }
    page.node.set(PDFName.of('Annots'), document.context.obj(links));
  }
  for (let page = 0; page < extra; page++) document.addPage([600, 800]);
  return document.save();
}

type Print = {range: TocRange; trial: boolean};

function printer(extraPages: (print: Print) => number = () => 0) {
  const prints: Print[] = [];
  const print = async (html: string, trial: boolean) => {
    const range = JSON.parse(html) as TocRange;
    prints.push({range, trial});
    return layout(range, extraPages({range, trial}));
  };
  const read = async (bytes: Uint8Array) => ({pageCount: (await PDFDocument.load(bytes)).getPageCount()});
  return {prints, print, read};
}

describe('printTocInPieces', () => {
  it("cuts each trial before a doc, and each piece where the trial's last page starts", async () => {
    const {prints, print, read} = printer();
    const logged: string[] = [];
    const pieces = await printTocInPieces(toc, print, read, (line) => logged.push(line), 35);
    assert.deepEqual(logged, []);
    // Rows 0-31 tried (row 35 is a heading; 32 the doc before it): 4 pages, the last from row 30.
    assert.deepEqual(prints.slice(0, 2), [
      {range: {from: 0, to: 32}, trial: true},
      {range: {from: 0, to: 30}, trial: false},
    ]);
    assert.deepEqual(
      pieces.map((piece) => [piece.rows, piece.printed.pageCount]),
      [
        [{from: 0, to: 30}, 3],
        [{from: 30, to: 60}, 3],
        [{from: 60, to: 90}, 3],
        [{from: 90, to: 100}, 1],
      ],
    );
    assert.equal(prints.filter((one) => one.trial).length, 3, 'the last piece, short enough, without a trial');
  });

  it('prints a TOC whole when no longer than a print takes', async () => {
    const {prints, print, read} = printer();
    const pieces = await printTocInPieces(toc, print, read, () => undefined, rows.length);
    assert.deepEqual(prints, [{range: {from: 0, to: 100}, trial: false}]);
    assert.deepEqual(pieces[0]!.rows, {from: 0, to: 100});
  });

  it('prints the TOC whole, and says so, when a piece does not take the pages its trial gave it', async () => {
    const {prints, print, read} = printer((one) => (!one.trial && one.range.from === 30 ? 1 : 0));
    const logged: string[] = [];
    const pieces = await printTocInPieces(toc, print, read, (line) => logged.push(line), 35);
    assert.deepEqual(logged, ['the TOC printed whole: its rows 30-59 took 4 pages, not 3']);
    assert.deepEqual(
      pieces.map((piece) => piece.rows),
      [{from: 0, to: 100}],
    );
    assert.deepEqual(prints.at(-1), {range: {from: 0, to: 100}, trial: false});
  });

  it('prints the TOC whole when a trial fits on one page', async () => {
    const {print, read} = printer();
    const logged: string[] = [];
    const pieces = await printTocInPieces(toc, print, read, (line) => logged.push(line), 9);
    assert.deepEqual(logged, ['the TOC printed whole: its rows 0-7 printed on a single page']);
    assert.equal(pieces.length, 1);
  });

  it('is the number of rows docs/engines.md gives', async () => {
    const manual = await readFile(path.join(__dirname, '..', '..', '..', '..', '..', 'docs', 'engines.md'), 'utf8');
    assert.match(manual, new RegExp(`a TOC of more than ${TOC_ROWS_PER_PRINT.toLocaleString('en')} entries in pieces of whole pages`));
  });
});
