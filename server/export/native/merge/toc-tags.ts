import {PDFArray, PDFDict, PDFName, PDFRef, type PDFContext, type PDFObject} from 'pdf-lib';
import {dictOf} from './forget-annotations';

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
  const seen = new Set<PDFDict>();
  const pending = [...roots];
  while (pending.length > 0) {
    const raw = pending.pop()!;
    const element = dictOf(context, raw);
    if (!element || seen.has(element) || !element.has(S)) continue;
    seen.add(element);
    const type = element.get(S);
    if (type === PDFName.of('L')) element.set(S, PDFName.of('TOC'));
    if (type === PDFName.of('LI')) {
      element.set(S, PDFName.of('TOCI'));
      if (raw instanceof PDFRef) wrapLinks(context, raw, element);
    }
    const kids = element.get(K);
    for (const kid of kids instanceof PDFArray ? kids.asArray() : kids ? [kids] : []) {
      if (kid instanceof PDFRef || kid instanceof PDFDict) pending.push(kid);
    }
  }
}

/** Puts each Link child of a TOCI inside a Reference of its own. */
function wrapLinks(context: PDFContext, itemRef: PDFRef, item: PDFDict): void {
  const kids = item.get(K);
  const list = kids instanceof PDFArray ? kids.asArray() : kids ? [kids] : [];
  const wrapped = list.map((kid) => {
    const child = dictOf(context, kid);
    if (!(kid instanceof PDFRef) || child?.get(S) !== PDFName.of('Link')) return kid;
    const reference = context.register(context.obj({Type: 'StructElem', S: 'Reference', P: itemRef, K: [kid]}));
    child.set(P, reference);
    return reference;
  });
  item.set(K, context.obj(wrapped));
}
