import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {PDFArray, PDFContext, PDFDict, PDFName, PDFRef} from 'pdf-lib';
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
  it('puts what a list item holds besides its label into one LBody', () => {
    const context = PDFContext.create();
    const list = chromiumList(context);
    wrapListBodies(context, [list]);
    assert.equal(shape(context, list).replace(/\s+/g, ' '), 'L(LI(Lbl LBody(P L(LI(LBody(Link))))))');
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
