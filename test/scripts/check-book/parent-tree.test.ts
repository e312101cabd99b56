import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {PDFDocument, PDFName, PDFNumber, type PDFRef} from 'pdf-lib';
import {formsDrawn} from '../../../scripts/check-book/structure/form-layers';
import {readParentTree} from '../../../scripts/check-book/structure/parent-tree';

/**
 * A page whose MCID 0 is a heading's, with a layer (a form XObject with marked content of its own)
 * whose MCID 0 is a paragraph's; `swap` writes the parent tree the other way round.
 */
async function layeredPage(swap: boolean) {
  const part = await PDFDocument.create();
  const {context} = part;
  const page = part.addPage([200, 200]);
  page.node.set(PDFName.of('StructParents'), PDFNumber.of(0));
  const form = context.register(
    context.stream('/P <</MCID 0>> BDC EMC', {Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10], StructParents: 1}),
  );
  page.node.set(PDFName.of('Resources'), context.obj({XObject: {X1: form}}));
  page.node.set(PDFName.of('Contents'), context.register(context.stream('/H1 <</MCID 0>> BDC EMC /X1 Do')));
  const [rootRef, documentRef] = [context.nextRef(), context.nextRef()];
  const heading = context.register(context.obj({Type: 'StructElem', S: 'H1', P: documentRef, Pg: page.ref, K: 0}));
  const paragraph = context.register(
    context.obj({Type: 'StructElem', S: 'P', P: documentRef, K: {Type: 'MCR', MCID: 0, Pg: page.ref, Stm: form}}),
  );
  context.assign(documentRef, context.obj({Type: 'StructElem', S: 'Document', P: rootRef, K: [heading, paragraph]}));
  const owners: PDFRef[] = swap ? [paragraph, heading] : [heading, paragraph];
  context.assign(
    rootRef,
    context.obj({Type: 'StructTreeRoot', K: documentRef, ParentTree: {Nums: [0, [owners[0]], 1, [owners[1]]]}, ParentTreeNextKey: 2}),
  );
  part.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  return PDFDocument.load(await part.save());
}

describe("check:book's parent tree, followed from the content", () => {
  it('finds each MCID of the page and of its layer owned by the element the parent tree names', async () => {
    const document = await layeredPage(false);
    assert.deepEqual(readParentTree(document, formsDrawn(document)), {entries: 2, faults: []});
  });

  it('reports entries that name an element other than the owner of their content', async () => {
    const document = await layeredPage(true);
    const {faults} = readParentTree(document, formsDrawn(document));
    assert.equal(faults.length, 2);
    assert.match(faults[0]!, /^p\. 1 MCID 0: the parent tree names P, an element that does not own it$/);
    assert.match(faults[1]!, /^p\. 1, layer \d+ 0 R MCID 0: the parent tree names H1, an element that does not own it$/);
  });
});
