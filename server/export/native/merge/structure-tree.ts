import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  PDFPage,
  PDFPageLeaf,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';
import {forgetAnnotations} from './forget-annotations';
import {dissolveGroupingElements} from './grouping-elements';
import {dictOf, itemsOf, numberTreeEntries} from './struct-elements';
import {wrapListBodies} from './list-bodies';
import {tagTableOfContents} from './toc-tags';

/** A part as copyPart copied it: its pages, its top structure elements, its parent tree entries and the keys [from, to) they have. */
export type CopiedPart = {pages: PDFPage[]; roots: PDFObject[]; parentTree: Array<[number, PDFObject]>; keys: [number, number]};

/** What a printed part is in the book: its role decides how its structure joins the book's. */
export type PartRole = 'cover' | 'toc' | 'content';

/**
 * Structure types of PDF 2.0 that Chromium writes (for `<strong>`, `<em>`…), mapped to the PDF 1.7
 * types readers of PDF 1.7 know (ISO 32000-1, 14.8.4: a RoleMap entry ends at a standard type).
 */
const PDF2_ROLES = {Strong: 'Span', Em: 'Span', Sub: 'Span', Title: 'P', Aside: 'Sect', FENote: 'Note', DocumentFragment: 'Part'};

const K = PDFName.of('K');
const S = PDFName.of('S');
const STRUCT_PARENTS = PDFName.of('StructParents');
const STRUCT_PARENT = PDFName.of('StructParent');

/** pdf-lib's copier keeps what it copied by source object (a private map); seeding it redirects a source reference. */
function redirect(copier: PDFObjectCopier, from: PDFRef, to: PDFRef): void {
  (copier as unknown as {traversedObjects: Map<PDFObject, PDFObject>}).traversedObjects.set(from, to);
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
  /** The TOC's elements, read before the content's whatever order the parts are copied in. */
  readonly #front: PDFObject[] = [];
  readonly #parts: PDFObject[] = [];
  readonly #parentTree: Array<[number, PDFObject]> = [];
  /** Parent tree keys of annotations taken off the pages after their part was copied. */
  readonly #gone = new Set<number>();
  #nextKey = 0;

  constructor(book: PDFDocument) {
    this.#book = book;
    this.#rootRef = book.context.nextRef();
    this.#documentRef = book.context.nextRef();
  }

  /**
   * Copies a printed part's pages and structure into the book, the pages onto `pageRefs` (one per
   * page, reserved by the caller) or onto new references; the caller puts the pages in the page
   * tree, and has marked what they draw outside marked content first (part-artifacts.ts). The
   * cover is page furniture: its pages are drawn as an artifact and its structure, if any, is left
   * out. The TOC's lists become TOC and TOCI elements. Returns the pages and the part's top
   * structure elements, as copied.
   */
  copyPart(
    part: PDFDocument,
    role: PartRole = 'content',
    removedAnnotations: ReadonlySet<PDFRef> = new Set(),
    pageRefs?: readonly PDFRef[],
  ): CopiedPart {
    const context = this.#book.context;
    const copier = PDFObjectCopier.for(part.context, context);
    const sourceRootRef = part.catalog.get(PDFName.of('StructTreeRoot'));
    const sourceRoot = part.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
    // The part's top elements name its root as their parent: they are to name the book's Document.
    if (sourceRootRef instanceof PDFRef) redirect(copier, sourceRootRef, this.#documentRef);
    const sourcePages = part.getPages();
    // Whatever names a page (links, structure elements) is to name the reference reserved for it.
    sourcePages.forEach((page, index) => pageRefs && redirect(copier, page.ref, pageRefs[index]!));
    const pages = sourcePages.map((page, index) => {
      const ref = pageRefs?.[index];
      if (!ref) {
        const copied = copier.copy(page.ref) as PDFRef;
        return PDFPage.of(context.lookup(copied) as PDFPageLeaf, copied, this.#book);
      }
      const leaf = copier.copy(page.node) as PDFPageLeaf;
      context.assign(ref, leaf);
      return PDFPage.of(leaf, ref, this.#book);
    });
    const keys: [number, number] = [this.#nextKey, this.#nextKey];
    if (role === 'cover') {
      for (const page of pages) this.#drawAsArtifact(page);
      return {pages, roots: [], parentTree: [], keys};
    }
    if (!sourceRoot) return {pages, roots: [], parentTree: [], keys};

    // The part's tree is reshaped before it is copied: annotations readPart took off the pages
    // (anchors) leave it, lists get their item bodies, and grouping elements dissolve (last: a
    // list item's body is made of the elements they were).
    const sourceRoots = itemsOf(sourceRoot.get(K));
    const removedKeys = forgetAnnotations(part.context, sourceRoots, removedAnnotations);
    if (role === 'toc') tagTableOfContents(part.context, sourceRoots);
    else wrapListBodies(part, sourceRoots);
    dissolveGroupingElements(part, sourceRoots);
    const offset = this.#nextKey;
    const copiedRoots: PDFObject[] = [];
    for (const kid of sourceRoots) {
      const copied = copier.copy(kid);
      const element = dictOf(context, copied);
      if (element?.get(S) === PDFName.of('Document')) element.set(S, PDFName.of('Part'));
      copiedRoots.push(copied);
    }
    (role === 'toc' ? this.#front : this.#parts).push(...copiedRoots);
    let highest = -1;
    const parentTree: Array<[number, PDFObject]> = [];
    for (const [key, value] of numberTreeEntries(part.context, sourceRoot.lookupMaybe(PDFName.of('ParentTree'), PDFDict))) {
      highest = Math.max(highest, key);
      if (!removedKeys.has(key)) parentTree.push([key + offset, copier.copy(value)]);
    }
    this.#parentTree.push(...parentTree);
    const nextKey = sourceRoot.lookupMaybe(PDFName.of('ParentTreeNextKey'), PDFNumber)?.asNumber() ?? highest + 1;
    this.#nextKey += Math.max(nextKey, highest + 1);
    keys[1] = this.#nextKey;

    // A form XObject with marked content of its own (Chromium draws a layer with opacity below 1
    // as one) has its own parent tree key, shifted as the pages' are; a form drawn on several pages once.
    const forms = new Set<PDFDict>();
    const shiftForms = (resources: PDFDict | undefined) => {
      const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
      for (const value of xObjects?.values() ?? []) {
        const stream = value instanceof PDFRef ? context.lookup(value) : value;
        const form = stream instanceof PDFStream ? stream.dict : undefined;
        if (!form || forms.has(form) || form.get(PDFName.of('Subtype')) !== PDFName.of('Form')) continue;
        forms.add(form);
        shift(form, STRUCT_PARENTS, offset);
        shiftForms(form.lookupMaybe(PDFName.of('Resources'), PDFDict));
      }
    };
    for (const page of pages) {
      shift(page.node, STRUCT_PARENTS, offset);
      shiftForms(page.node.Resources());
      const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      for (let index = 0; annotations && index < annotations.size(); index++) {
        const annotation = annotations.lookupMaybe(index, PDFDict);
        if (annotation) shift(annotation, STRUCT_PARENT, offset);
      }
    }
    return {pages, roots: copiedRoots, parentTree, keys};
  }

  /** Parent tree keys from here on are `floor` or above: the keys of parts written before (addWritten) are below. */
  keysFrom(floor: number): void {
    this.#nextKey = Math.max(this.#nextKey, floor);
  }

  /**
   * Adds a part copied into another book before and written again as it was (written-parts.ts):
   * its top elements, its parent tree entries and the keys forget() took out, as copyPart and
   * forget gave them then.
   */
  addWritten(part: Pick<CopiedPart, 'roots' | 'parentTree' | 'keys'>, gone: Iterable<number>, role: PartRole = 'content'): void {
    (role === 'toc' ? this.#front : this.#parts).push(...part.roots);
    this.#parentTree.push(...part.parentTree);
    for (const key of gone) this.#gone.add(key);
    this.keysFrom(part.keys[1]);
  }

  /**
   * Takes annotations taken off the book's pages (links to targets outside the book) out of the
   * structure under `roots` (a part's, as copyPart returned them), before those elements are
   * written to the file.
   */
  forget(roots: readonly PDFObject[], dropped: ReadonlySet<PDFRef>): number[] {
    const gone = [...forgetAnnotations(this.#book.context, roots, dropped)];
    for (const key of gone) this.#gone.add(key);
    return gone;
  }

  /** Wraps all a page draws in one Artifact sequence: a page printed untagged, all furniture. */
  #drawAsArtifact(page: PDFPage): void {
    const context = this.#book.context;
    const contents = page.node.get(PDFName.of('Contents'));
    const streams = itemsOf(contents);
    const begin = context.register(context.stream('/Artifact BMC\n'));
    const end = context.register(context.stream('\nEMC\n'));
    page.node.set(PDFName.of('Contents'), context.obj([begin, ...streams, end]));
    // An untagged page's annotations (the cover has none) would need a StructParent; drop any.
    page.node.delete(PDFName.of('StructParents'));
  }

  /** Writes the tree into the catalog and marks the document as tagged; nothing when no part was tagged. */
  write(): void {
    const elements = [...this.#front, ...this.#parts];
    if (elements.length === 0) return;
    const context = this.#book.context;
    const parentTree = this.#parentTree.filter(([key]) => !this.#gone.has(key));
    context.assign(this.#documentRef, context.obj({Type: 'StructElem', S: 'Document', P: this.#rootRef, K: elements}));
    context.assign(
      this.#rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: this.#documentRef,
        ParentTree: context.obj({
          Nums: parentTree.sort((a, b) => a[0] - b[0]).flatMap(([key, value]) => [PDFNumber.of(key), value]),
        }),
        ParentTreeNextKey: this.#nextKey,
        RoleMap: context.obj(PDF2_ROLES),
      }),
    );
    this.#book.catalog.set(PDFName.of('StructTreeRoot'), this.#rootRef);
    this.#book.catalog.set(PDFName.of('MarkInfo'), context.obj({Marked: true}));
  }
}
