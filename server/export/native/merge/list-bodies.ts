import {PDFDict, PDFName, PDFNumber, PDFRef, type PDFContext, type PDFDocument, type PDFObject} from 'pdf-lib';
import {ContentOwners, dictOf, itemsOf, walkStructElements} from './struct-elements';

const K = PDFName.of('K');
const S = PDFName.of('S');
const P = PDFName.of('P');
const PG = PDFName.of('Pg');
const MCR = PDFName.of('MCR');
const ITEM_PARTS = new Set(['Lbl', 'LBody']);

/**
 * Chromium puts what a list item holds (its paragraphs, nested lists, links, and text of its own)
 * straight under `LI`; a list item holds a `Lbl` and an `LBody` (ISO 32000-1, table 336). What is
 * not the label goes into one LBody: elements name it as their parent, and the parent tree names
 * it as the owner of the item's own marked content. An item holding an annotation (OBJR) directly,
 * or marked content with no page to name, is left as it is.
 */
export function wrapListBodies(part: PDFDocument, roots: readonly PDFObject[]): void {
  const owners = new ContentOwners();
  walkStructElements(part.context, roots, (element, raw) => {
    if (!(raw instanceof PDFRef)) return;
    if (element.get(S) === PDFName.of('LI')) wrapItem(part.context, raw, element, owners);
    else if (element.get(S) !== PDFName.of('L')) listStrayItems(part.context, raw, element);
  });
  owners.rename(part);
}

/**
 * List items outside a list (an API theme's schema properties are `<li>`s in a `<div>`) are tagged
 * as LI in whatever holds them (Matterhorn 09-004): each run of them goes into an L of its own.
 */
function listStrayItems(context: PDFContext, ref: PDFRef, element: PDFDict): void {
  const kids = itemsOf(element.get(K));
  const isItem = (kid: PDFObject) => kid instanceof PDFRef && dictOf(context, kid)?.get(S) === PDFName.of('LI');
  if (!kids.some(isItem)) return;
  const grouped: PDFObject[] = [];
  let run: PDFRef[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const list = context.register(context.obj({Type: 'StructElem', S: 'L', P: ref, K: run}));
    for (const item of run) dictOf(context, item)!.set(P, list);
    grouped.push(list);
    run = [];
  };
  for (const kid of kids) {
    if (isItem(kid)) run.push(kid as PDFRef);
    else {
      flush();
      grouped.push(kid);
    }
  }
  flush();
  element.set(K, context.obj(grouped));
}

/** Where a kid of a list item's belongs: its label, its body, content that moves with the body, or what pins the item as it is. */
type Kind = 'part' | 'element' | 'content' | 'fixed';

function wrapItem(context: PDFContext, itemRef: PDFRef, item: PDFDict, owners: ContentOwners): void {
  const kids = itemsOf(item.get(K));
  const page = item.get(PG);
  // Where a piece of marked content is drawn: the form whose own it is (an MCR's Stm), else its page.
  const streamOf = (kid: PDFObject): PDFRef | undefined => {
    if (kid instanceof PDFNumber) return page instanceof PDFRef ? page : undefined;
    const reference = dictOf(context, kid)!;
    const stream = reference.get(PDFName.of('Stm')) ?? reference.get(PG) ?? page;
    return stream instanceof PDFRef ? stream : undefined;
  };
  const kinds: Kind[] = kids.map((kid) => {
    const dict = kid instanceof PDFNumber ? undefined : dictOf(context, kid);
    if (kid instanceof PDFNumber || dict?.get(PDFName.of('Type')) === MCR) return streamOf(kid) ? 'content' : 'fixed';
    if (!(kid instanceof PDFRef) || !dict?.has(S)) return 'fixed';
    return ITEM_PARTS.has(dict.lookup(S, PDFName).decodeText()) ? 'part' : 'element';
  });
  if (kinds.includes('fixed')) return;
  const body = kids.filter((_, index) => kinds[index] !== 'part');
  if (body.length === 0) return;
  // An MCID by itself is on its element's page: the body's, as it was the item's.
  const bodyRef = context.register(
    context.obj({Type: 'StructElem', S: 'LBody', P: itemRef, ...(page instanceof PDFRef ? {Pg: page} : {}), K: body}),
  );
  kids.forEach((kid, index) => {
    if (kinds[index] === 'part') return;
    if (kinds[index] === 'element') {
      dictOf(context, kid)!.set(P, bodyRef);
      return;
    }
    const mcid = kid instanceof PDFNumber ? kid : dictOf(context, kid)!.lookupMaybe(PDFName.of('MCID'), PDFNumber);
    if (mcid) owners.own(streamOf(kid)!, mcid.asNumber(), bodyRef);
  });
  item.set(K, context.obj([...kids.filter((_, index) => kinds[index] === 'part'), bodyRef]));
}
