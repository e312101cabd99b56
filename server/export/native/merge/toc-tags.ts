import {PDFDict, PDFName, PDFRef, type PDFContext, type PDFObject} from 'pdf-lib';
import {dictOf, itemsOf, walkStructElements} from './struct-elements';

const K = PDFName.of('K');
const S = PDFName.of('S');
const P = PDFName.of('P');

/**
 * Chromium tags the printed TOC as what its HTML is, nested lists of links. A
 * table of contents has its own structure types: each list becomes a `TOC`, each
 * item a `TOCI`, and the item's link sits in a `Reference`, which is what a TOCI
 * may hold (ISO 32000-1, table 333), keeping the Link element and its annotation.
 */
export function tagTableOfContents(context: PDFContext, roots: readonly PDFObject[]): void {
  walkStructElements(context, roots, (element, raw) => {
    const type = element.get(S);
    if (type === PDFName.of('L')) element.set(S, PDFName.of('TOC'));
    if (type === PDFName.of('LI')) {
      element.set(S, PDFName.of('TOCI'));
      if (raw instanceof PDFRef) wrapLinks(context, raw, element);
    }
  });
}

/** Puts each Link child of a TOCI inside a Reference of its own. */
function wrapLinks(context: PDFContext, itemRef: PDFRef, item: PDFDict): void {
  const wrapped = itemsOf(item.get(K)).map((kid) => {
    const child = dictOf(context, kid);
    if (!(kid instanceof PDFRef) || child?.get(S) !== PDFName.of('Link')) return kid;
    const reference = context.register(context.obj({Type: 'StructElem', S: 'Reference', P: itemRef, K: [kid]}));
    child.set(P, reference);
    return reference;
  });
  item.set(K, context.obj(wrapped));
}
