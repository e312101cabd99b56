import {PDFName, PDFNumber, PDFRef, type PDFContext, type PDFObject} from 'pdf-lib';
import {dictOf, itemsOf, walkStructElements} from './struct-elements';

const K = PDFName.of('K');
const S = PDFName.of('S');
const OBJR = PDFName.of('OBJR');

/**
 * Takes annotations that are no longer on any page (anchors read and removed, links to targets
 * outside the book) out of a structure tree: their OBJRs go, and a Link element left with no
 * annotation reads as the plain text it holds (a Span). Returns the parent tree keys
 * (`StructParent`) of those annotations, whose entries are to go too.
 */
export function forgetAnnotations(context: PDFContext, roots: readonly PDFObject[], dropped: ReadonlySet<PDFRef>): Set<number> {
  const keys = new Set<number>();
  if (dropped.size === 0) return keys;
  for (const ref of dropped) {
    const key = dictOf(context, ref)?.lookupMaybe(PDFName.of('StructParent'), PDFNumber)?.asNumber();
    if (key !== undefined) keys.add(key);
  }
  const isObjectRef = (kid: PDFObject) => dictOf(context, kid)?.get(PDFName.of('Type')) === OBJR;
  const isDropped = (kid: PDFObject) => {
    const object = isObjectRef(kid) ? dictOf(context, kid)!.get(PDFName.of('Obj')) : undefined;
    return object instanceof PDFRef && dropped.has(object);
  };
  walkStructElements(context, roots, (element) => {
    const kids = itemsOf(element.get(K));
    const kept = kids.filter((kid) => !isDropped(kid));
    if (kept.length === kids.length) return;
    element.set(K, context.obj(kept));
    if (element.get(S) === PDFName.of('Link') && !kept.some(isObjectRef)) element.set(S, PDFName.of('Span'));
  });
  return keys;
}
