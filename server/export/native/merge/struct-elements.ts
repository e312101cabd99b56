import {PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream, type PDFContext, type PDFDocument, type PDFObject} from 'pdf-lib';

/** The dictionary an object is or refers to; a number (an MCID) or anything else is none. */
export function dictOf(context: PDFContext, value: PDFObject): PDFDict | undefined {
  const object = value instanceof PDFRef ? context.lookup(value) : value;
  return object instanceof PDFDict ? object : undefined;
}

/** An entry such as `K` or `Contents` as a list: an array's items, a single object, or none. */
export const itemsOf = (value: PDFObject | undefined): PDFObject[] => (value instanceof PDFArray ? value.asArray() : value ? [value] : []);

/**
 * Visits each structure element below the roots once, parents before their kids. The kids are
 * read after the visit, so a visit that rewrites an element's `K` is walked as it left it.
 */
export function walkStructElements(
  context: PDFContext,
  roots: readonly PDFObject[],
  visit: (element: PDFDict, raw: PDFObject) => void,
): void {
  const K = PDFName.of('K');
  const S = PDFName.of('S');
  const seen = new Set<PDFDict>();
  const pending = [...roots];
  while (pending.length > 0) {
    const raw = pending.pop()!;
    const element = dictOf(context, raw);
    if (!element || seen.has(element) || !element.has(S)) continue;
    seen.add(element);
    visit(element, raw);
    for (const kid of itemsOf(element.get(K))) if (kid instanceof PDFRef || kid instanceof PDFDict) pending.push(kid);
  }
}

/** The entries of a number tree (the ParentTree), leaves and intermediate nodes alike. */
export function numberTreeEntries(context: PDFContext, node: PDFDict | undefined): Array<[number, PDFObject]> {
  if (!node) return [];
  const entries: Array<[number, PDFObject]> = [];
  const nums = node.lookupMaybe(PDFName.of('Nums'), PDFArray);
  for (let index = 0; nums && index + 1 < nums.size(); index += 2) {
    const key = nums.lookup(index, PDFNumber).asNumber();
    entries.push([key, nums.get(index + 1)]);
  }
  const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
  for (let index = 0; kids && index < kids.size(); index++) {
    entries.push(...numberTreeEntries(context, kids.lookup(index, PDFDict)));
  }
  return entries;
}

/**
 * For each page of a document, by page index, the parent tree's array naming the element that owns
 * each of its MCIDs (through the page's `StructParents`); undefined for a page without one.
 */
export function pageOwners(document: PDFDocument): Array<PDFArray | undefined> {
  const {context} = document;
  const root = document.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  const byKey = new Map(numberTreeEntries(context, root?.lookupMaybe(PDFName.of('ParentTree'), PDFDict)));
  return document.getPages().map((page) => {
    const key = page.node.lookupMaybe(PDFName.of('StructParents'), PDFNumber)?.asNumber();
    const entry = key === undefined ? undefined : byKey.get(key);
    const owners = entry === undefined ? undefined : context.lookup(entry);
    return owners instanceof PDFArray ? owners : undefined;
  });
}

/**
 * Marked content given a new owner, by the reference of the content stream that draws it (a page,
 * or a form XObject with marked content of its own: an MCR's `Stm`), MCID → the element that now
 * holds it; `rename` points the parent tree's entries at the new owners.
 */
export class ContentOwners {
  readonly #owners = new Map<string, Map<number, PDFRef>>();

  own(stream: PDFRef, mcid: number, owner: PDFRef): void {
    const key = stream.toString();
    if (!this.#owners.has(key)) this.#owners.set(key, new Map());
    this.#owners.get(key)!.set(mcid, owner);
  }

  rename(document: PDFDocument): void {
    if (this.#owners.size === 0) return;
    const rename = (moved: Map<number, PDFRef> | undefined, array: PDFArray | undefined) => {
      if (!moved || !array) return;
      for (const [mcid, owner] of moved) if (mcid < array.size()) array.set(mcid, owner);
    };
    const arrays = pageOwners(document);
    const pages = new Set<string>();
    document.getPages().forEach((page, index) => {
      pages.add(page.ref.toString());
      rename(this.#owners.get(page.ref.toString()), arrays[index]);
    });
    const forms = [...this.#owners.keys()].filter((key) => !pages.has(key));
    if (forms.length === 0) return;
    const {context} = document;
    const root = document.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
    const byKey = new Map(numberTreeEntries(context, root?.lookupMaybe(PDFName.of('ParentTree'), PDFDict)));
    for (const form of forms) {
      const [number, generation] = form.split(' ').map(Number);
      const stream = context.lookup(PDFRef.of(number!, generation));
      if (!(stream instanceof PDFStream)) continue;
      const key = stream.dict.lookupMaybe(PDFName.of('StructParents'), PDFNumber)?.asNumber();
      const entry = key === undefined ? undefined : byKey.get(key);
      const array = entry === undefined ? undefined : context.lookup(entry);
      rename(this.#owners.get(form), array instanceof PDFArray ? array : undefined);
    }
  }
}
