import {PDFDict, PDFName, PDFNumber, PDFRef, type PDFContext, type PDFDocument, type PDFObject} from 'pdf-lib';
import {ContentOwners, dictOf, itemsOf, walkStructElements} from './struct-elements';

const K = PDFName.of('K');
const S = PDFName.of('S');
const P = PDFName.of('P');
const PG = PDFName.of('Pg');
const MCR = PDFName.of('MCR');
const ITEM_PARTS = new Set(['Lbl', 'LBody']);
const LIST_PARTS = new Set(['LI', 'L', 'Caption']);

/**
 * Chromium puts what a list item holds (its paragraphs, nested lists, links, and text of its own)
 * straight under `LI`; a list item holds a `Lbl` and an `LBody` (ISO 32000-1, table 336). What is
 * not the label goes into one LBody: elements name it as their parent, and the parent tree names
 * it as the owner of the item's own marked content. List items outside a list go into one, and what
 * a list holds besides items into items. An element holding an annotation (OBJR) directly, or
 * marked content with no page to name, is left as it is.
 */
export function wrapListBodies(part: PDFDocument, roots: readonly PDFObject[]): void {
  const owners = new ContentOwners();
  walkStructElements(part.context, roots, (element, raw) => {
    if (!(raw instanceof PDFRef)) return;
    if (element.get(S) === PDFName.of('LI')) wrapItem(part.context, raw, element, owners);
    else if (element.get(S) === PDFName.of('L')) itemizeStrayKids(part.context, raw, element, owners);
    else listStrayItems(part.context, raw, element);
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

/** What a kid of a list element is: one of the parts it may hold, an element, content that can move, or what pins it as it is. */
type Kind = 'part' | 'element' | 'content' | 'fixed';

/** The kids of a list element (an L or an LI), each with its kind, `parts` being the types it may hold. */
function kidsOf(context: PDFContext, holder: PDFDict, parts: ReadonlySet<string>) {
  const kids = itemsOf(holder.get(K));
  const page = holder.get(PG);
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
    return parts.has(dict.lookup(S, PDFName).decodeText()) ? 'part' : 'element';
  });
  /**
   * A new element of type `type` under `parent`, holding the kids at `indexes`: elements name it
   * as their parent, the parent tree names it as their content's owner. An MCID by itself is on
   * its element's page: the new element's, as it was the holder's.
   */
  const adopt = (type: string, parent: PDFRef, indexes: number[], owners: ContentOwners): PDFRef => {
    const held = indexes.map((index) => kids[index]!);
    const ref = context.register(
      context.obj({Type: 'StructElem', S: type, P: parent, ...(page instanceof PDFRef ? {Pg: page} : {}), K: held}),
    );
    for (const index of indexes) {
      const kid = kids[index]!;
      if (kinds[index] === 'element') {
        dictOf(context, kid)!.set(P, ref);
        continue;
      }
      const mcid = kid instanceof PDFNumber ? kid : dictOf(context, kid)!.lookupMaybe(PDFName.of('MCID'), PDFNumber);
      if (mcid) owners.own(streamOf(kid)!, mcid.asNumber(), ref);
    }
    return ref;
  };
  return {kids, kinds, adopt};
}

function wrapItem(context: PDFContext, itemRef: PDFRef, item: PDFDict, owners: ContentOwners): void {
  const {kids, kinds, adopt} = kidsOf(context, item, ITEM_PARTS);
  if (kinds.includes('fixed')) return;
  const body = kinds.flatMap((kind, index) => (kind === 'part' ? [] : [index]));
  if (body.length === 0) return;
  const bodyRef = adopt('LBody', itemRef, body, owners);
  item.set(K, context.obj([...kids.filter((_, index) => kinds[index] === 'part'), bodyRef]));
}

/**
 * What a list holds besides its items (an API theme's `<ul>` holding `<div>`s): each run of it
 * becomes an item of its own, its content in the item's LBody.
 */
function itemizeStrayKids(context: PDFContext, listRef: PDFRef, list: PDFDict, owners: ContentOwners): void {
  const {kids, kinds, adopt} = kidsOf(context, list, LIST_PARTS);
  if (kinds.includes('fixed') || kinds.every((kind) => kind === 'part')) return;
  const held: PDFObject[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const item = context.nextRef();
    context.assign(item, context.obj({Type: 'StructElem', S: 'LI', P: listRef, K: [adopt('LBody', item, run, owners)]}));
    held.push(item);
    run = [];
  };
  kinds.forEach((kind, index) => {
    if (kind !== 'part') return void run.push(index);
    flush();
    held.push(kids[index]!);
  });
  flush();
  list.set(K, context.obj(held));
}
