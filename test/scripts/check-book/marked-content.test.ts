import assert from 'node:assert/strict';
import {readFile, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {describe, it} from 'node:test';
import {PDFDocument, PDFName} from 'pdf-lib';
import {markOwners} from '../../../scripts/check-book/page-operators';
import {PdfReader} from '../../../scripts/check-book/pdf-book';
import {formsDrawn} from '../../../scripts/check-book/structure/form-layers';
import {markKey, pageMarks} from '../../../scripts/check-book/structure/marked-content';

describe("check:book's reading of marked content", () => {
  it('sorts text by MCID, artifact, nesting, or neither', () => {
    const marks = pageMarks([
      {type: 'beginMarkedContentProps', id: 'p12R_mc0', tag: 'P'},
      {str: 'Hello '},
      {str: 'world'},
      {type: 'endMarkedContent'},
      {type: 'beginMarkedContent', tag: 'Artifact'},
      {str: 'Page 1 of 3'},
      {type: 'beginMarkedContentProps', id: 'p12R_mc1', tag: 'Span'},
      {str: 'inside'},
      {type: 'endMarkedContent'},
      {type: 'endMarkedContent'},
      {str: '42'},
      {str: '  '},
    ]);
    assert.deepEqual([...marks.byMcid], [['0', 'Hello world']]);
    assert.deepEqual(marks.artifacts, ['Page 1 of 3']);
    assert.deepEqual(marks.nested, ['inside']);
    assert.deepEqual(marks.untagged, ['42']);
  });

  it('tells the marked content of a form XObject drawn on the page from the page’s own of the same MCID', async () => {
    // As Chromium draws a paragraph with opacity below 1: a form with MCIDs of its own, after the page's heading.
    const part = await PDFDocument.create();
    const page = part.addPage([200, 200]);
    const form = part.context.register(
      part.context.stream('/P <</MCID 0>> BDC EMC', {Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10], StructParents: 1}),
    );
    const plain = part.context.register(part.context.stream('', {Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10]}));
    page.node.set(PDFName.of('Resources'), part.context.obj({XObject: {X1: plain, X2: form}}));
    page.node.set(PDFName.of('Contents'), part.context.register(part.context.stream('/H1 <</MCID 0>> BDC EMC /X1 Do /X2 Do')));
    const drawn = formsDrawn(await PDFDocument.load(await part.save()));
    assert.deepEqual(drawn.get(0), [
      {ref: plain.toString(), tagged: false},
      {ref: form.toString(), tagged: true},
    ]);
    const ops = {paintFormXObjectBegin: 1, paintFormXObjectEnd: 2, beginMarkedContent: 3, beginMarkedContentProps: 4, endMarkedContent: 5};
    const owners = markOwners({fnArray: [4, 5, 1, 2, 1, 4, 5, 2], argsArray: [], ops}, drawn.get(0)!);
    assert.deepEqual(owners, [undefined, form.toString()]);
    const marks = pageMarks(
      [
        {type: 'beginMarkedContentProps', id: 'p3R_mc0', tag: 'H1'},
        {str: 'Installing'},
        {type: 'endMarkedContent'},
        {type: 'beginMarkedContentProps', id: 'p3R_mc0', tag: 'P'},
        {str: 'Try the wizard'},
        {type: 'endMarkedContent'},
      ],
      owners,
    );
    assert.deepEqual(marks.byMcid.get(markKey(0)), 'Installing');
    assert.deepEqual(marks.byMcid.get(markKey(0, form.toString())), 'Try the wizard');
  });

  it('counts the form of a soft mask where its graphics state is set, as pdfjs draws it there', async () => {
    // As Chromium draws an icon with a mask (Swagger UI's copy buttons) before a layer with opacity below 1.
    const part = await PDFDocument.create();
    const page = part.addPage([200, 200]);
    const form = part.context.register(
      part.context.stream('/P <</MCID 0>> BDC EMC', {Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10], StructParents: 1}),
    );
    const mask = part.context.register(
      part.context.stream('0 0 10 10 re f', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 10, 10],
        Group: {S: 'Transparency', CS: 'DeviceRGB'},
      }),
    );
    page.node.set(
      PDFName.of('Resources'),
      part.context.obj({XObject: {X2: form}, ExtGState: {G1: {Type: 'ExtGState', SMask: {Type: 'Mask', S: 'Luminosity', G: mask}}}}),
    );
    page.node.set(
      PDFName.of('Contents'),
      part.context.register(part.context.stream('q /G1 gs 0 0 5 5 re f Q /H1 <</MCID 0>> BDC EMC /X2 Do')),
    );
    const file = path.join(os.tmpdir(), `soft-mask-${process.pid}.pdf`);
    await writeFile(file, await part.save());
    try {
      const drawn = formsDrawn(await PDFDocument.load(await readFile(file)));
      assert.deepEqual(drawn.get(0), [
        {ref: mask.toString(), tagged: false},
        {ref: form.toString(), tagged: true},
      ]);
      const reader = await PdfReader.open(file);
      const operators = await reader.operators(0);
      assert.equal(operators.fnArray.filter((fn) => fn === operators.ops.paintFormXObjectBegin).length, drawn.get(0)!.length);
      assert.deepEqual(markOwners(operators, drawn.get(0)!), [undefined, form.toString()]);
    } finally {
      await rm(file, {force: true});
    }
  });
});
