import {PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFStream, type PDFObject} from 'pdf-lib';
import {numberTreeEntries} from '../../../server/export/native/merge/struct-elements';
import type {DrawnForm} from './form-layers';

/** How the parent tree leads from content back to the structure: its entries, and those that lead astray. */
export type ParentTreeReport = {entries: number; faults: string[]};

const K = PDFName.of('K');
const S = PDFName.of('S');
const PG = PDFName.of('Pg');

/**
 * Follows every parent tree entry (ISO 32000-1, 14.7.4.4) from the content that names it: each
 * MCID of a page (its StructParents), each MCID of a form XObject with marked content of its own
 * (`forms`, form-layers.ts), each annotation (its StructParent). An entry leads astray when the
 * element it names is not in the tree or does not own that content: a screen reader that starts
 * from the page (reading what is under the pointer) would read another element.
 */
export function readParentTree(document: PDFDocument, forms: Map<number, DrawnForm[]>): ParentTreeReport {
  const {context} = document;
  const root = document.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  if (!root) return {entries: 0, faults: []};
  const pageOf = new Map(document.getPages().map((page, index) => [page.ref.toString(), index]));
  // What each element in the tree owns: "page:mcid", "form#mcid" or "obj annotation".
  const owns = new Map<string, Set<string>>();
  const typeOf = new Map<string, string>();
  const pending: Array<{ref: PDFObject; page?: number}> = [{ref: root.get(K)!}];
  while (pending.length > 0) {
    const {ref, page} = pending.pop()!;
    if (ref instanceof PDFArray) {
      for (const item of ref.asArray()) pending.push({ref: item, page});
      continue;
    }
    const element = ref instanceof PDFRef ? context.lookupMaybe(ref, PDFDict) : undefined;
    if (!element || !element.has(S) || owns.has(ref.toString())) continue;
    const owned = new Set<string>();
    owns.set(ref.toString(), owned);
    typeOf.set(ref.toString(), element.get(S)!.toString());
    const pg = element.get(PG);
    const ownPage = (pg instanceof PDFRef ? pageOf.get(pg.toString()) : undefined) ?? page;
    const kids = element.get(K);
    for (const kid of kids instanceof PDFArray ? kids.asArray() : kids ? [kids] : []) {
      if (kid instanceof PDFNumber) {
        if (ownPage !== undefined) owned.add(`${ownPage}:${kid.asNumber()}`);
        continue;
      }
      const dict = context.lookupMaybe(kid as PDFRef, PDFDict);
      const type = dict?.get(PDFName.of('Type'))?.toString();
      if (type === '/MCR') {
        const mcid = dict!.lookupMaybe(PDFName.of('MCID'), PDFNumber)?.asNumber();
        const stream = dict!.get(PDFName.of('Stm'));
        const on = dict!.get(PG);
        const mcrPage = (on instanceof PDFRef ? pageOf.get(on.toString()) : undefined) ?? ownPage;
        if (mcid !== undefined) owned.add(stream instanceof PDFRef ? `${stream.toString()}#${mcid}` : `${mcrPage}:${mcid}`);
      } else if (type === '/OBJR') {
        owned.add(`obj ${dict!.get(PDFName.of('Obj'))?.toString()}`);
      } else {
        pending.push({ref: kid, page: ownPage});
      }
    }
  }
  const tree = new Map(numberTreeEntries(context, root.lookupMaybe(PDFName.of('ParentTree'), PDFDict)));
  let entries = 0;
  const faults: string[] = [];
  const follow = (value: PDFObject | undefined, content: string, where: string) => {
    entries++;
    const ref = value instanceof PDFRef ? value.toString() : undefined;
    if (ref && owns.get(ref)?.has(content)) return;
    const type = ref ? typeOf.get(ref) : undefined;
    faults.push(
      `${where}: the parent tree names ${type ? `${type.slice(1)}, an element that does not own it` : 'an element not in the structure tree'}`,
    );
  };
  const followArray = (key: number | undefined, content: (mcid: number) => string, where: string) => {
    const entry = key === undefined ? undefined : tree.get(key);
    const array = entry === undefined ? undefined : context.lookup(entry);
    if (!(array instanceof PDFArray)) return;
    array.asArray().forEach((value, mcid) => {
      if (value instanceof PDFRef) follow(value, content(mcid), `${where} MCID ${mcid}`);
    });
  };
  const seenForms = new Set<string>();
  document.getPages().forEach((page, index) => {
    followArray(page.node.lookupMaybe(PDFName.of('StructParents'), PDFNumber)?.asNumber(), (mcid) => `${index}:${mcid}`, `p. ${index + 1}`);
    for (const form of forms.get(index) ?? []) {
      if (!form.tagged || seenForms.has(form.ref)) continue;
      seenForms.add(form.ref);
      const [number, generation] = form.ref.split(' ').map(Number);
      const stream = context.lookup(PDFRef.of(number!, generation));
      const key = stream instanceof PDFStream ? stream.dict.lookupMaybe(PDFName.of('StructParents'), PDFNumber)?.asNumber() : undefined;
      followArray(key, (mcid) => `${form.ref}#${mcid}`, `p. ${index + 1}, layer ${form.ref}`);
    }
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (let at = 0; annots && at < annots.size(); at++) {
      const annotation = annots.get(at);
      const key = context.lookupMaybe(annotation, PDFDict)?.lookupMaybe(PDFName.of('StructParent'), PDFNumber)?.asNumber();
      if (key !== undefined) follow(tree.get(key), `obj ${annotation.toString()}`, `p. ${index + 1} annotation ${annotation.toString()}`);
    }
  });
  return {entries, faults};
}
