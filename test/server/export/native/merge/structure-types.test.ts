import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {PDFArray, PDFContext, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef} from 'pdf-lib';
import {wrapListBodies} from '../../../../../server/export/native/merge/list-bodies';
import {tagTableOfContents} from '../../../../../server/export/native/merge/toc-tags';

/** A list as Chromium tags it: L > LI > (Lbl, P, L > LI > Link). */
function chromiumList(context: PDFContext): PDFRef {
  const element = (type: string, kids: PDFRef[] = []) => {
    const ref = context.register(context.obj({Type: 'StructElem', S: type, K: kids}));
    for (const kid of kids) context.lookup(kid, PDFDict).set(PDFName.of('P'), ref);
    return ref;
  };
  const inner = element('L', [element('LI', [element('Link')])]);
  return element('L', [element('LI', [element('Lbl'), element('P'), inner])]);
}

/** The tree as nested type names: `L(LI(Lbl P))`. */
function shape(context: PDFContext, ref: PDFRef): string {
  const dict = context.lookup(ref, PDFDict);
  const kids = dict.lookupMaybe(PDFName.of('K'), PDFArray)?.asArray() ?? [];
  const inner = kids.map((kid) => shape(context, kid as PDFRef)).join(' ');
  for (const kid of kids) assert.equal(context.lookup(kid, PDFDict).get(PDFName.of('P')), ref, 'each element names its parent');
  return `${dict.lookup(PDFName.of('S'), PDFName).decodeText()}${inner ? `(${inner})` : ''}`;
}

describe('structure types the merge corrects', () => {
  it('puts what a list item holds besides its label into one LBody', async () => {
    const part = await PDFDocument.create();
    const {context} = part;
    const list = chromiumList(context);
    wrapListBodies(part, [list]);
    assert.equal(shape(context, list).replace(/\s+/g, ' '), 'L(LI(Lbl LBody(P L(LI(LBody(Link))))))');
  });

  it('puts text a list item holds itself into its LBody too, and names the LBody its owner in the parent tree', async () => {
    // As Chromium tags <li>Primary #0054e9<ul><li>Shade #004acd</li></ul></li>: MCIDs 0 and 1 the item's own.
    const part = await PDFDocument.create();
    const {context} = part;
    const page = part.addPage();
    page.node.set(PDFName.of('StructParents'), PDFNumber.of(0));
    const inner = context.register(context.obj({Type: 'StructElem', S: 'L', K: []}));
    const item = context.register(context.obj({Type: 'StructElem', S: 'LI', Pg: page.ref, K: [0, 1, inner]}));
    context.lookup(inner, PDFDict).set(PDFName.of('P'), item);
    const list = context.register(context.obj({Type: 'StructElem', S: 'L', K: [item]}));
    const root = context.register(context.obj({Type: 'StructTreeRoot', K: list, ParentTree: {Nums: [0, [item, item]]}}));
    part.catalog.set(PDFName.of('StructTreeRoot'), root);
    wrapListBodies(part, [list]);
    const kids = context.lookup(item, PDFDict).lookup(PDFName.of('K'), PDFArray).asArray();
    assert.equal(kids.length, 1);
    const body = kids[0] as PDFRef;
    const bodyElement = context.lookup(body, PDFDict);
    assert.equal(bodyElement.get(PDFName.of('S'))?.toString(), '/LBody');
    assert.deepEqual(bodyElement.lookup(PDFName.of('K'), PDFArray).asArray().map(String), ['0', '1', inner.toString()]);
    assert.equal(bodyElement.get(PDFName.of('Pg')), page.ref, 'the MCIDs stay on their page');
    assert.equal(context.lookup(inner, PDFDict).get(PDFName.of('P')), body);
    const owners = context
      .lookup(root, PDFDict)
      .lookup(PDFName.of('ParentTree'), PDFDict)
      .lookup(PDFName.of('Nums'), PDFArray)
      .lookup(1, PDFArray)
      .asArray();
    assert.deepEqual(owners, [body, body]);
  });

  it('puts each run of list items outside a list into a list of its own, and what a list holds besides items into an item', async () => {
    const part = await PDFDocument.create();
    const {context} = part;
    const element = (type: string, kids: PDFRef[] = []) => {
      const ref = context.register(context.obj({Type: 'StructElem', S: type, K: kids}));
      for (const kid of kids) context.lookup(kid, PDFDict).set(PDFName.of('P'), ref);
      return ref;
    };
    const article = element('Art', [element('LI', [element('P')]), element('LI'), element('P'), element('LI')]);
    wrapListBodies(part, [article]);
    assert.equal(shape(context, article), 'Art(L(LI(LBody(P)) LI) P L(LI))');
    // And what a list holds besides its items, as an API theme's <ul> holding <div>s.
    const list = element('L', [element('LI', [element('Lbl')]), element('Span'), element('P'), element('LI', [element('Lbl')])]);
    wrapListBodies(part, [list]);
    assert.equal(shape(context, list), 'L(LI(Lbl) LI(LBody(Span P)) LI(Lbl))');
  });

  it('makes the TOC lists TOC and TOCI, each link in a Reference', () => {
    const context = PDFContext.create();
    const list = chromiumList(context);
    tagTableOfContents(context, [list]);
    const text = (ref: PDFRef): string => {
      const dict = context.lookup(ref, PDFDict);
      const kids = dict.lookupMaybe(PDFName.of('K'), PDFArray)?.asArray() ?? [];
      const inner = kids.map((kid) => text(kid as PDFRef)).join(' ');
      return `${dict.lookup(PDFName.of('S'), PDFName).decodeText()}${inner ? `(${inner})` : ''}`;
    };
    assert.equal(text(list), 'TOC(TOCI(Lbl P TOC(TOCI(Reference(Link)))))');
  });
});
