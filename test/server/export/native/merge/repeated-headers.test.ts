import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {PDFArray, PDFDict, PDFDocument, PDFName, PDFNull, PDFNumber, type PDFRef} from 'pdf-lib';
import {takeRepeatedHeaders} from '../../../../../server/export/native/merge/repeated-headers';

/**
 * A part of two pages holding a table that goes on from the first to the second, tagged as
 * Chromium tags one: the header cell (TH) owns its text on both pages (MCID 0 on the first page,
 * MCID 0 on the second through an MCR), a data cell (TD) owns a row on each page, and a TH of
 * another table stands on the second page alone.
 */
async function tablePart(): Promise<{part: PDFDocument; cells: Record<'header' | 'data' | 'single', PDFRef>}> {
  const part = await PDFDocument.create();
  const {context} = part;
  const [first, second] = [part.addPage([595, 842]), part.addPage([595, 842])];
  first.node.set(PDFName.of('StructParents'), PDFNumber.of(0));
  second.node.set(PDFName.of('StructParents'), PDFNumber.of(1));
  const rootRef = context.nextRef();
  const tableRef = context.nextRef();
  const header = context.register(
    context.obj({Type: 'StructElem', S: 'TH', P: tableRef, Pg: first.ref, K: [0, {Type: 'MCR', Pg: second.ref, MCID: 0}]}),
  );
  const data = context.register(
    context.obj({Type: 'StructElem', S: 'TD', P: tableRef, Pg: first.ref, K: [1, {Type: 'MCR', Pg: second.ref, MCID: 1}]}),
  );
  const single = context.register(context.obj({Type: 'StructElem', S: 'TH', P: tableRef, Pg: second.ref, K: 2}));
  context.assign(tableRef, context.obj({Type: 'StructElem', S: 'Table', P: rootRef, K: [header, data, single]}));
  const parentTree = {Nums: [0, [header, data], 1, [header, data, single]]};
  context.assign(rootRef, context.obj({Type: 'StructTreeRoot', K: tableRef, ParentTree: parentTree, ParentTreeNextKey: 2}));
  part.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  return {part, cells: {header, data, single}};
}

describe('table headers Chromium repeats on the pages a table goes on to', () => {
  it('leave the header cell, which keeps its first page, and the parent tree; their MCIDs are returned by page', async () => {
    const {part, cells} = await tablePart();
    const repeats = takeRepeatedHeaders(part);
    assert.deepEqual(
      [...repeats].map(([page, mcids]) => [page, [...mcids]]),
      [[1, [0]]],
    );
    const kids = (ref: PDFRef) => part.context.lookup(ref, PDFDict).get(PDFName.of('K'));
    assert.deepEqual((kids(cells.header) as PDFArray).asArray(), [PDFNumber.of(0)]);
    assert.equal((kids(cells.data) as PDFArray).size(), 2, 'data cells keep every page');
    assert.deepEqual(kids(cells.single), PDFNumber.of(2), 'a header on one page stays');
    const nums = part.context
      .lookup(part.catalog.get(PDFName.of('StructTreeRoot')), PDFDict)
      .lookup(PDFName.of('ParentTree'), PDFDict)
      .lookup(PDFName.of('Nums'), PDFArray);
    assert.deepEqual(nums.lookup(3, PDFArray).asArray(), [PDFNull, cells.data, cells.single]);
    assert.deepEqual(nums.lookup(1, PDFArray).asArray(), [cells.header, cells.data]);
  });

  it('finds nothing in a part printed untagged', async () => {
    const part = await PDFDocument.create();
    part.addPage();
    assert.equal(takeRepeatedHeaders(part).size, 0);
  });
});
