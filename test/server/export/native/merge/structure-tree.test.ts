import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString} from 'pdf-lib';
import {BookStructure} from '../../../../../server/export/native/merge/structure-tree';

/**
 * A part tagged as Chromium tags one: a Document holding an H1 on each page
 * (marked content 0 of its page) and a Link whose OBJR is the page's annotation,
 * a ParentTree from each page's StructParents and the annotation's StructParent. With `layers`,
 * each page also draws a form XObject holding a P (as Chromium draws a layer with opacity below 1),
 * whose own StructParents key finds that P.
 */
async function taggedPart(pages: number, heading: string, layers = false): Promise<PDFDocument> {
  const part = await PDFDocument.create();
  const {context} = part;
  const rootRef = context.nextRef();
  const documentRef = context.nextRef();
  const kids: PDFRef[] = [];
  const nums: Array<PDFNumber | PDFRef | PDFArray> = [];
  for (let index = 0; index < pages; index++) {
    const page = part.addPage([595, 842]);
    const annotation = context.register(context.obj({Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 10, 10], StructParent: pages + index}));
    page.node.set(PDFName.of('Annots'), context.obj([annotation]));
    page.node.set(PDFName.of('StructParents'), PDFNumber.of(index));
    const h1 = context.register(
      context.obj({Type: 'StructElem', S: 'H1', P: documentRef, Pg: page.ref, K: 0, T: PDFString.of(`${heading} ${index}`)}),
    );
    const link = context.register(
      context.obj({Type: 'StructElem', S: 'Link', P: documentRef, K: {Type: 'OBJR', Obj: annotation, Pg: page.ref}}),
    );
    kids.push(h1, link);
    nums.push(PDFNumber.of(index), context.obj([h1]));
    nums.push(PDFNumber.of(pages + index), link);
    if (layers) {
      const key = 2 * pages + index;
      const form = context.register(
        context.stream('/P <</MCID 0>> BDC EMC', {Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10], StructParents: key}),
      );
      page.node.set(PDFName.of('Resources'), context.obj({XObject: {X1: form}}));
      const paragraph = context.register(
        context.obj({Type: 'StructElem', S: 'P', P: documentRef, Pg: page.ref, K: {Type: 'MCR', MCID: 0, Pg: page.ref, Stm: form}}),
      );
      kids.push(paragraph);
      nums.push(PDFNumber.of(key), paragraph);
    }
  }
  context.assign(documentRef, context.obj({Type: 'StructElem', S: 'Document', P: rootRef, K: kids}));
  context.assign(
    rootRef,
    context.obj({Type: 'StructTreeRoot', K: documentRef, ParentTree: {Nums: nums}, ParentTreeNextKey: (layers ? 3 : 2) * pages}),
  );
  part.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  return PDFDocument.load(await part.save());
}

describe('the book structure tree', () => {
  it("joins the parts' trees under one Document, on the book's own pages, with the parent tree renumbered", async () => {
    const book = await PDFDocument.create();
    const structure = new BookStructure(book);
    for (const part of [await taggedPart(2, 'first'), await taggedPart(1, 'second')]) {
      for (const page of structure.copyPart(part).pages) book.addPage(page);
    }
    structure.write();
    const saved = await PDFDocument.load(await book.save());
    const pages = saved.getPages();
    assert.equal(pages.length, 3);
    assert.equal(saved.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))?.toString(), 'true');

    const root = saved.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    const document = root.lookup(PDFName.of('K'), PDFDict);
    assert.equal(document.get(PDFName.of('S'))?.toString(), '/Document');
    const parts = document.lookup(PDFName.of('K'), PDFArray);
    assert.equal(parts.size(), 2, 'one Part per printed part');
    assert.deepEqual(
      parts.asArray().map((part) => saved.context.lookup(part, PDFDict).get(PDFName.of('S'))?.toString()),
      ['/Part', '/Part'],
    );

    // Each page's StructParents and each annotation's StructParent find, through the one
    // parent tree, an element on that very page.
    const nums = root.lookup(PDFName.of('ParentTree'), PDFDict).lookup(PDFName.of('Nums'), PDFArray);
    const parentTree = new Map<number, unknown>();
    for (let index = 0; index < nums.size(); index += 2) parentTree.set(nums.lookup(index, PDFNumber).asNumber(), nums.get(index + 1));
    assert.equal(root.lookup(PDFName.of('ParentTreeNextKey'), PDFNumber).asNumber(), 6);
    const keys: number[] = [];
    pages.forEach((page, index) => {
      const key = page.node.lookup(PDFName.of('StructParents'), PDFNumber).asNumber();
      keys.push(key);
      const h1 = saved.context.lookup(saved.context.lookup(parentTree.get(key) as PDFRef, PDFArray).get(0), PDFDict);
      assert.equal(h1.get(PDFName.of('Pg'))?.toString(), page.ref.toString(), `page ${index}'s heading is on it`);
      const annotation = page.node.lookup(PDFName.of('Annots'), PDFArray).lookup(0, PDFDict);
      const link = saved.context.lookup(
        parentTree.get(annotation.lookup(PDFName.of('StructParent'), PDFNumber).asNumber()) as PDFRef,
        PDFDict,
      );
      const objr = link.lookup(PDFName.of('K'), PDFDict);
      assert.equal(
        objr.get(PDFName.of('Obj'))?.toString(),
        page.node.lookup(PDFName.of('Annots'), PDFArray).get(0).toString(),
        'the OBJR names the annotation',
      );
    });
    assert.equal(new Set(keys).size, 3, 'no two pages share StructParents');
  });

  it('renumbers the parent tree key of a form XObject with marked content of its own with its part', async () => {
    const book = await PDFDocument.create();
    const structure = new BookStructure(book);
    for (const part of [await taggedPart(2, 'first', true), await taggedPart(1, 'second', true)]) {
      for (const page of structure.copyPart(part).pages) book.addPage(page);
    }
    structure.write();
    const saved = await PDFDocument.load(await book.save());
    const root = saved.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    const nums = root.lookup(PDFName.of('ParentTree'), PDFDict).lookup(PDFName.of('Nums'), PDFArray);
    const parentTree = new Map<number, PDFRef>();
    for (let index = 0; index < nums.size(); index += 2)
      parentTree.set(nums.lookup(index, PDFNumber).asNumber(), nums.get(index + 1) as PDFRef);
    const keys = saved.getPages().map((page, index) => {
      const formRef = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict).get(PDFName.of('X1')) as PDFRef;
      const key = (saved.context.lookup(formRef) as PDFRawStream).dict.lookup(PDFName.of('StructParents'), PDFNumber).asNumber();
      const element = saved.context.lookup(parentTree.get(key)!, PDFDict);
      assert.equal(element.get(PDFName.of('S'))?.toString(), '/P', `page ${index}: the layer's key finds its paragraph`);
      assert.equal(element.lookup(PDFName.of('K'), PDFDict).get(PDFName.of('Stm'))?.toString(), formRef.toString());
      return key;
    });
    assert.deepEqual(keys, [4, 5, 8]);
  });

  it('writes nothing for untagged parts', async () => {
    const book = await PDFDocument.create();
    const structure = new BookStructure(book);
    const part = await PDFDocument.create();
    part.addPage();
    for (const page of structure.copyPart(await PDFDocument.load(await part.save())).pages) book.addPage(page);
    structure.write();
    assert.equal(book.catalog.get(PDFName.of('StructTreeRoot')), undefined);
    assert.equal(book.catalog.get(PDFName.of('MarkInfo')), undefined);
  });
});

describe('the book structure tree, by part role', () => {
  it('draws the cover as one artifact and gives it no structure', async () => {
    const book = await PDFDocument.create();
    const structure = new BookStructure(book);
    const cover = await PDFDocument.create();
    cover.addPage([595, 842]).drawText('Title');
    for (const page of structure.copyPart(await PDFDocument.load(await cover.save()), 'cover').pages) book.addPage(page);
    for (const page of structure.copyPart(await taggedPart(1, 'content')).pages) book.addPage(page);
    structure.write();
    const saved = await PDFDocument.load(await book.save());
    const contents = saved.getPage(0).node.lookup(PDFName.of('Contents'), PDFArray);
    const text = (index: number) =>
      new TextDecoder().decode((saved.context.lookup(contents.get(index)) as unknown as {contents: Uint8Array}).contents);
    assert.match(text(0), /^\/Artifact BMC/);
    assert.match(text(contents.size() - 1), /EMC/);
    const document = saved.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict).lookup(PDFName.of('K'), PDFDict);
    assert.equal(document.lookup(PDFName.of('K'), PDFArray).size(), 1, 'only the content part is in the tree');
  });

  it('reads the TOC before the content though it is copied after it (merge copies the content while the TOC prints)', async () => {
    const book = await PDFDocument.create();
    const structure = new BookStructure(book);
    for (const page of structure.copyPart(await taggedPart(1, 'content')).pages) book.addPage(page);
    for (const page of structure.copyPart(await taggedPart(1, 'toc'), 'toc').pages) book.insertPage(0, page);
    structure.write();
    const saved = await PDFDocument.load(await book.save());
    const document = saved.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict).lookup(PDFName.of('K'), PDFDict);
    const firstHeadings = document
      .lookup(PDFName.of('K'), PDFArray)
      .asArray()
      .map((part) => saved.context.lookup(part, PDFDict).lookup(PDFName.of('K'), PDFArray).lookup(0, PDFDict).lookup(PDFName.of('T')));
    assert.deepEqual(
      firstHeadings.map((title) => (title as PDFString).decodeText()),
      ['toc 0', 'content 0'],
    );
    const pageOf = (title: string) =>
      saved.getPages().findIndex((page) => page.ref.toString() === firstHeadingPage(saved, document, title));
    assert.deepEqual([pageOf('toc 0'), pageOf('content 0')], [0, 1]);
  });

  it("takes the part's removed annotations (anchors) out of the tree: no OBJR, the Link reads as a Span", async () => {
    const part = await taggedPart(1, 'content');
    const annotation = part.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray).get(0) as PDFRef;
    part.getPage(0).node.set(PDFName.of('Annots'), part.context.obj([]));
    const book = await PDFDocument.create();
    const structure = new BookStructure(book);
    for (const page of structure.copyPart(part, 'content', new Set([annotation])).pages) book.addPage(page);
    structure.write();
    const saved = await PDFDocument.load(await book.save());
    const root = saved.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    const partElement = root.lookup(PDFName.of('K'), PDFDict).lookup(PDFName.of('K'), PDFArray).lookup(0, PDFDict);
    const types = partElement
      .lookup(PDFName.of('K'), PDFArray)
      .asArray()
      .map((kid) => saved.context.lookup(kid, PDFDict).get(PDFName.of('S'))?.toString());
    assert.deepEqual(types, ['/H1', '/Span']);
    const nums = root.lookup(PDFName.of('ParentTree'), PDFDict).lookup(PDFName.of('Nums'), PDFArray);
    assert.equal(nums.size(), 2, "only the page's entry is left in the parent tree");
  });
});

/** The page reference of the heading titled `title`, through its Pg. */
function firstHeadingPage(saved: PDFDocument, document: PDFDict, title: string): string | undefined {
  for (const part of document.lookup(PDFName.of('K'), PDFArray).asArray()) {
    for (const kid of saved.context.lookup(part, PDFDict).lookup(PDFName.of('K'), PDFArray).asArray()) {
      const element = saved.context.lookup(kid, PDFDict);
      const text = element.lookup(PDFName.of('T'));
      if (text instanceof PDFString && text.decodeText() === title) return element.get(PDFName.of('Pg'))?.toString();
    }
  }
  return undefined;
}
