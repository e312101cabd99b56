import {PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFObjectCopier, PDFPage, PDFPageLeaf, PDFRef, type PDFObject} from 'pdf-lib';

const K = PDFName.of('K');
const S = PDFName.of('S');
const NUMS = PDFName.of('Nums');
const KIDS = PDFName.of('Kids');
const STRUCT_PARENTS = PDFName.of('StructParents');
const STRUCT_PARENT = PDFName.of('StructParent');

/** pdf-lib's copier keeps what it copied by source object (a private map); seeding it redirects a source reference. */
function redirect(copier: PDFObjectCopier, from: PDFRef, to: PDFRef): void {
  (copier as unknown as {traversedObjects: Map<PDFObject, PDFObject>}).traversedObjects.set(from, to);
}

/** The entries of a number tree (the ParentTree), leaves and intermediate nodes alike. */
function numberTreeEntries(context: PDFDocument['context'], node: PDFDict | undefined): Array<[number, PDFObject]> {
  if (!node) return [];
  const entries: Array<[number, PDFObject]> = [];
  const nums = node.lookupMaybe(NUMS, PDFArray);
  for (let index = 0; nums && index + 1 < nums.size(); index += 2) {
    const key = nums.lookup(index, PDFNumber).asNumber();
    entries.push([key, nums.get(index + 1)]);
  }
  const kids = node.lookupMaybe(KIDS, PDFArray);
  for (let index = 0; kids && index < kids.size(); index++) {
    entries.push(...numberTreeEntries(context, kids.lookup(index, PDFDict)));
  }
  return entries;
}

function asArray(value: PDFObject | undefined): PDFObject[] {
  if (!value) return [];
  return value instanceof PDFArray ? value.asArray() : [value];
}

function shift(dict: PDFDict, key: PDFName, offset: number): void {
  const value = dict.get(key);
  if (value instanceof PDFNumber) dict.set(key, PDFNumber.of(value.asNumber() + offset));
}

/**
 * The book's one structure tree. Chromium tags each printed part (headings,
 * lists, tables, figures with their alt text, links with their annotation);
 * copying the parts' pages alone drops those trees. Each part's pages and tree
 * are copied with one copier, so the elements' page references land on the
 * book's pages; each part's root element becomes a `Part` of the book's
 * `Document`, and the parent tree numbers are shifted part by part.
 */
export class BookStructure {
  readonly #book: PDFDocument;
  readonly #rootRef: PDFRef;
  readonly #documentRef: PDFRef;
  readonly #parts: PDFObject[] = [];
  readonly #parentTree: Array<[number, PDFObject]> = [];
  #nextKey = 0;

  constructor(book: PDFDocument) {
    this.#book = book;
    this.#rootRef = book.context.nextRef();
    this.#documentRef = book.context.nextRef();
  }

  /** Copies a printed part's pages and structure into the book; the caller adds the pages. */
  copyPart(part: PDFDocument): PDFPage[] {
    const context = this.#book.context;
    const copier = PDFObjectCopier.for(part.context, context);
    const sourceRootRef = part.catalog.get(PDFName.of('StructTreeRoot'));
    const sourceRoot = part.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
    // The part's top elements name its root as their parent: they are to name the book's Document.
    if (sourceRootRef instanceof PDFRef) redirect(copier, sourceRootRef, this.#documentRef);
    const pages = part.getPages().map((page) => {
      const ref = copier.copy(page.ref) as PDFRef;
      return PDFPage.of(context.lookup(ref) as PDFPageLeaf, ref, this.#book);
    });
    if (!sourceRoot) return pages;

    const offset = this.#nextKey;
    for (const kid of asArray(sourceRoot.get(K))) {
      const copied = copier.copy(kid);
      const element = context.lookupMaybe(copied, PDFDict);
      if (element?.get(S) === PDFName.of('Document')) element.set(S, PDFName.of('Part'));
      this.#parts.push(copied);
    }
    let highest = -1;
    for (const [key, value] of numberTreeEntries(part.context, sourceRoot.lookupMaybe(PDFName.of('ParentTree'), PDFDict))) {
      this.#parentTree.push([key + offset, copier.copy(value)]);
      highest = Math.max(highest, key);
    }
    const nextKey = sourceRoot.lookupMaybe(PDFName.of('ParentTreeNextKey'), PDFNumber)?.asNumber() ?? highest + 1;
    this.#nextKey += Math.max(nextKey, highest + 1);

    for (const page of pages) {
      shift(page.node, STRUCT_PARENTS, offset);
      const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      for (let index = 0; annotations && index < annotations.size(); index++) {
        const annotation = annotations.lookupMaybe(index, PDFDict);
        if (annotation) shift(annotation, STRUCT_PARENT, offset);
      }
    }
    return pages;
  }

  /** Writes the tree into the catalog and marks the document as tagged; nothing when no part was tagged. */
  write(): void {
    if (this.#parts.length === 0) return;
    const context = this.#book.context;
    context.assign(this.#documentRef, context.obj({Type: 'StructElem', S: 'Document', P: this.#rootRef, K: this.#parts}));
    context.assign(
      this.#rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: this.#documentRef,
        ParentTree: context.obj({
          Nums: [...this.#parentTree].sort((a, b) => a[0] - b[0]).flatMap(([key, value]) => [PDFNumber.of(key), value]),
        }),
        ParentTreeNextKey: this.#nextKey,
      }),
    );
    this.#book.catalog.set(PDFName.of('StructTreeRoot'), this.#rootRef);
    this.#book.catalog.set(PDFName.of('MarkInfo'), context.obj({Marked: true}));
  }
}
