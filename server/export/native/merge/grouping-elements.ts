import {PDFDict, PDFName, PDFNumber, PDFRef, type PDFDocument, type PDFObject} from 'pdf-lib';
import {ContentOwners, dictOf, itemsOf, walkStructElements} from './struct-elements';

const K = PDFName.of('K');
const S = PDFName.of('S');
const P = PDFName.of('P');
const PG = PDFName.of('Pg');
const MCID = PDFName.of('MCID');
const MCR = PDFName.of('MCR');
const STM = PDFName.of('Stm');
const NON_STRUCT = PDFName.of('NonStruct');
/** What a NonStruct may hold to be dissolved: no attributes, title, alternate text or language of its own. */
// pdf-lib interns names (PDFName.of): a key is looked up as the object, not decoded.
const PLAIN_KEYS = new Set(['Type', 'S', 'P', 'K', 'Pg'].map((key) => PDFName.of(key)));

/**
 * Chromium wraps each run of text in a `NonStruct` element and groups those in more: on a
 * 240-page part, 16,600 of its 22,200 objects. A NonStruct has no meaning; its kids are read as
 * if it were not there (ISO 32000-1, 14.8.4.2). Each one is replaced by its kids in its parent:
 * elements name that parent as theirs, marked content becomes a marked-content reference to its
 * page, and the parent tree names the parent as the content's owner. The tree reads the same, with
 * a quarter of the objects to copy into the book and write. A NonStruct holding an annotation
 * (OBJR), or marked content without a page, is left as it is.
 */
export function dissolveGroupingElements(part: PDFDocument, roots: readonly PDFObject[]): void {
  const {context} = part;
  const owners = new ContentOwners();
  const own = (stream: PDFRef, mcid: number, owner: PDFRef) => owners.own(stream, mcid, owner);

  const dissolvable = (kid: PDFObject): PDFDict | undefined => {
    const group = kid instanceof PDFRef ? dictOf(context, kid) : undefined;
    if (group?.get(S) !== NON_STRUCT || !group.keys().every((key) => PLAIN_KEYS.has(key))) return undefined;
    const page = group.get(PG);
    const movable = itemsOf(group.get(K)).every((inner) => {
      if (inner instanceof PDFNumber) return page instanceof PDFRef;
      const dict = dictOf(context, inner);
      if (dict?.get(PDFName.of('Type')) === MCR) return dict.get(PG) instanceof PDFRef || page instanceof PDFRef;
      return inner instanceof PDFRef && dict?.has(S) === true;
    });
    return movable ? group : undefined;
  };

  walkStructElements(context, roots, (element, raw) => {
    if (!(raw instanceof PDFRef)) return;
    const kids = itemsOf(element.get(K));
    if (!kids.some((kid) => dissolvable(kid))) return;
    const ownPage = element.get(PG);
    const held: PDFObject[] = [];
    const take = (kid: PDFObject) => {
      const group = dissolvable(kid);
      if (!group) {
        dictOf(context, kid)?.set(P, raw);
        held.push(kid);
        return;
      }
      const page = group.get(PG);
      for (const inner of itemsOf(group.get(K))) {
        if (inner instanceof PDFNumber) {
          held.push(page === ownPage ? inner : context.obj({Type: 'MCR', Pg: page as PDFRef, MCID: inner}));
          own(page as PDFRef, inner.asNumber(), raw);
        } else if (dictOf(context, inner)?.get(PDFName.of('Type')) === MCR) {
          const reference = dictOf(context, inner)!;
          if (!reference.has(PG)) reference.set(PG, page as PDFRef);
          held.push(inner);
          const mcid = reference.lookupMaybe(MCID, PDFNumber)?.asNumber();
          const stream = reference.get(STM);
          if (mcid !== undefined) own(stream instanceof PDFRef ? stream : (reference.get(PG) as PDFRef), mcid, raw);
        } else {
          take(inner);
        }
      }
    };
    for (const kid of kids) {
      // Kids that are not elements (marked content, annotations) stay as they are.
      if (kid instanceof PDFRef && dictOf(context, kid)?.has(S)) take(kid);
      else held.push(kid);
    }
    element.set(K, context.obj(held));
  });
  owners.rename(part);
}
