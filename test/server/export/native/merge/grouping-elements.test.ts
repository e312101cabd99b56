import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, type PDFObject} from 'pdf-lib';
import {dissolveGroupingElements} from '../../../../../server/export/native/merge/grouping-elements';

/**
 * A part of two pages tagged as Chromium tags one: a paragraph (no page of its own) holding two
 * runs of text, each in a NonStruct (MCID 0 on the first page, MCID 0 on the second); a code block
 * whose line is a NonStruct of NonStructs (MCIDs 1 and 2 on the first page); a NonStruct holding
 * a link's annotation (OBJR), which stays; and a NonStruct with a language, which stays.
 */
async function groupedPart() {
  const part = await PDFDocument.create();
  const {context} = part;
  const [first, second] = [part.addPage([595, 842]), part.addPage([595, 842])];
  first.node.set(PDFName.of('StructParents'), PDFNumber.of(0));
  second.node.set(PDFName.of('StructParents'), PDFNumber.of(1));
  const [rootRef, documentRef, paragraph, code, line] = [1, 2, 3, 4, 5].map(() => context.nextRef()) as PDFRef[];
  const group = (parent: PDFRef, page: PDFRef | undefined, kids: unknown, extra: Record<string, unknown> = {}) =>
    context.register(context.obj({Type: 'StructElem', S: 'NonStruct', P: parent, ...(page ? {Pg: page} : {}), K: kids, ...extra} as never));
  const runs = [group(paragraph, first.ref, 0), group(paragraph, second.ref, 0)];
  const tokens = [group(line, first.ref, 1), group(line, first.ref, 2)];
  context.assign(line, context.obj({Type: 'StructElem', S: 'NonStruct', P: code, K: tokens}));
  const annotation = context.register(context.obj({Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 1, 1], StructParent: 2}));
  const linked = group(documentRef, undefined, [{Type: 'OBJR', Obj: annotation}]);
  const spoken = group(documentRef, second.ref, 1, {Lang: 'fr'});
  context.assign(paragraph, context.obj({Type: 'StructElem', S: 'P', P: documentRef, K: runs}));
  context.assign(code, context.obj({Type: 'StructElem', S: 'Code', P: documentRef, Pg: first.ref, K: [line]}));
  context.assign(documentRef, context.obj({Type: 'StructElem', S: 'Document', P: rootRef, K: [paragraph, code, linked, spoken]}));
  const parentTree = {Nums: [0, [runs[0], tokens[0], tokens[1]], 1, [runs[1], spoken], 2, linked]};
  context.assign(rootRef, context.obj({Type: 'StructTreeRoot', K: documentRef, ParentTree: parentTree, ParentTreeNextKey: 3}));
  part.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  return {part, pages: [first.ref, second.ref], elements: {documentRef, paragraph, code, linked, spoken}};
}

const K = PDFName.of('K');

describe('grouping elements (NonStruct) dissolved into their parents', () => {
  it('hands their marked content and elements to the parent, on the right page, and names the parent in the parent tree', async () => {
    const {part, pages, elements} = await groupedPart();
    dissolveGroupingElements(part, [elements.documentRef]);
    const {context} = part;
    const kidsOf = (ref: PDFRef) => (context.lookup(ref, PDFDict).get(K) as PDFArray).asArray();
    const describe = (kid: PDFObject) => {
      if (kid instanceof PDFNumber) return `MCID ${kid.asNumber()}`;
      const dict = context.lookup(kid) as PDFDict;
      const page = pages.findIndex((page) => page === dict.get(PDFName.of('Pg')));
      return dict.get(PDFName.of('Type')) === PDFName.of('MCR')
        ? `MCR ${dict.get(PDFName.of('MCID'))} page ${page}`
        : `${dict.get(PDFName.of('S'))} of ${dict.get(PDFName.of('P')) === elements.documentRef ? 'Document' : 'another'}`;
    };
    assert.deepEqual(kidsOf(elements.paragraph).map(describe), ['MCR 0 page 0', 'MCR 0 page 1'], 'the paragraph has no page: references');
    assert.deepEqual(kidsOf(elements.code).map(describe), ['MCID 1', 'MCID 2'], 'a line of tokens dissolves into its block, on its page');
    assert.deepEqual(kidsOf(elements.documentRef).map(describe), [
      '/P of Document',
      '/Code of Document',
      '/NonStruct of Document',
      '/NonStruct of Document',
    ]);

    const nums = part.catalog
      .lookup(PDFName.of('StructTreeRoot'), PDFDict)
      .lookup(PDFName.of('ParentTree'), PDFDict)
      .lookup(PDFName.of('Nums'), PDFArray);
    const owners = (index: number) => (context.lookup(nums.get(index)) as PDFArray).asArray();
    assert.deepEqual(owners(1), [elements.paragraph, elements.code, elements.code]);
    assert.deepEqual(owners(3), [elements.paragraph, elements.spoken]);
    assert.equal(nums.get(5), elements.linked, "the annotation's owner stays");
  });

  it('names the new owner of a form XObject’s own marked content in the form’s entry, not in the page’s', async () => {
    // As Chromium tags a paragraph drawn at 80% opacity: its run is MCID 0 of a form, the page's MCID 0 a heading.
    const part = await PDFDocument.create();
    const {context} = part;
    const page = part.addPage([595, 842]);
    page.node.set(PDFName.of('StructParents'), PDFNumber.of(0));
    const form = context.register(context.stream('', {Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], StructParents: 1}));
    const [rootRef, documentRef, paragraph] = [1, 2, 3].map(() => context.nextRef()) as PDFRef[];
    const heading = context.register(context.obj({Type: 'StructElem', S: 'H1', P: documentRef, Pg: page.ref, K: 0}));
    const run = context.register(
      context.obj({Type: 'StructElem', S: 'NonStruct', P: paragraph, K: {Type: 'MCR', MCID: 0, Pg: page.ref, Stm: form}}),
    );
    context.assign(paragraph, context.obj({Type: 'StructElem', S: 'P', P: documentRef, K: [run]}));
    context.assign(documentRef, context.obj({Type: 'StructElem', S: 'Document', P: rootRef, K: [heading, paragraph]}));
    const parentTree = {Nums: [0, [heading], 1, [run]]};
    context.assign(rootRef, context.obj({Type: 'StructTreeRoot', K: documentRef, ParentTree: parentTree, ParentTreeNextKey: 2}));
    part.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    dissolveGroupingElements(part, [documentRef]);
    const nums = part.catalog
      .lookup(PDFName.of('StructTreeRoot'), PDFDict)
      .lookup(PDFName.of('ParentTree'), PDFDict)
      .lookup(PDFName.of('Nums'), PDFArray);
    assert.deepEqual((context.lookup(nums.get(1)) as PDFArray).asArray(), [heading], "the page's MCID 0 is still the heading's");
    assert.deepEqual((context.lookup(nums.get(3)) as PDFArray).asArray(), [paragraph], "the form's MCID 0 is the paragraph's");
  });

  it('leaves a tree without grouping elements as it is', async () => {
    const part = await PDFDocument.create();
    const page = part.addPage();
    const heading = part.context.register(part.context.obj({Type: 'StructElem', S: 'H1', Pg: page.ref, K: 0}));
    dissolveGroupingElements(part, [heading]);
    assert.equal(part.context.lookup(heading, PDFDict).get(K)?.toString(), '0');
  });
});
