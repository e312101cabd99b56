import {PDFDict, PDFName, PDFRef, type PDFContext, type PDFObject} from 'pdf-lib';
import {dictOf, itemsOf, walkStructElements} from './struct-elements';

const K = PDFName.of('K');
const S = PDFName.of('S');
const P = PDFName.of('P');
const ITEM_PARTS = new Set(['Lbl', 'LBody']);

/**
 * Chromium puts what a list item holds (its paragraphs, nested lists, links) straight under `LI`;
 * a list item holds a `Lbl` and an `LBody` (ISO 32000-1, table 336). What is not the label goes into
 * one LBody. An item with marked content of its own is left as it is: its content's parent is
 * named in the parent tree, which would have to follow.
 */
export function wrapListBodies(context: PDFContext, roots: readonly PDFObject[]): void {
  walkStructElements(context, roots, (element, raw) => {
    if (element.get(S) === PDFName.of('LI') && raw instanceof PDFRef) wrapItem(context, raw, element, itemsOf(element.get(K)));
  });
}

function wrapItem(context: PDFContext, itemRef: PDFRef, item: PDFDict, kids: PDFObject[]): void {
  const elements = kids.map((kid) => (kid instanceof PDFRef ? dictOf(context, kid) : undefined));
  // Only structure elements by reference can move: an MCID, an MCR or an OBJR stays with the item.
  if (elements.some((element) => !element?.has(S))) return;
  const body = kids.filter((_, index) => !ITEM_PARTS.has(elements[index]!.lookup(S, PDFName).decodeText()));
  if (body.length === 0) return;
  const bodyRef = context.register(context.obj({Type: 'StructElem', S: 'LBody', P: itemRef, K: body}));
  for (const kid of body) dictOf(context, kid)!.set(P, bodyRef);
  const kept = kids.filter((kid) => !body.includes(kid));
  item.set(K, context.obj([...kept, bodyRef]));
}
