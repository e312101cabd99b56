import assert from 'node:assert/strict';
import {deflateSync, inflateSync} from 'node:zlib';
import {describe, it} from 'node:test';
import {PDFDocument, PDFName, PDFRawStream, PDFRef} from 'pdf-lib';
import {markPartArtifacts} from '../../../../../server/export/native/merge/part-artifacts';
import type {PdfPart} from '../../../../../server/export/native/shared/pdf-part';

const TAGGED_TEXT = '/P <</MCID 0>> BDC BT /F1 12 Tf 72 700 Td (Tagged) Tj ET EMC';
const LINE_NUMBER = 'BT /F1 12 Tf 20 700 Td (1) Tj ET';

/** A printed part of one page drawing `content` (Flate, as Chromium writes it), tagged or not. */
async function part(content: string, tagged: boolean): Promise<PdfPart> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const {context} = document;
  page.node.set(PDFName.of('Contents'), context.register(context.stream(deflateSync(content), {Filter: 'FlateDecode'})));
  if (tagged) document.catalog.set(PDFName.of('StructTreeRoot'), context.register(context.obj({Type: 'StructTreeRoot'})));
  const loaded = await PDFDocument.load(await document.save());
  return {document: loaded, pageCount: 1, destinations: new Map(), removedAnnotations: new Set()};
}

function pageContent(part: PdfPart): string {
  const page = part.document.getPage(0);
  const stream = part.document.context.lookup(page.node.get(PDFName.of('Contents')) as PDFRef) as PDFRawStream;
  return inflateSync(stream.contents).toString('latin1');
}

describe('untagged drawing marked in a part before the merge', () => {
  it('wraps what a tagged page draws outside marked content as an artifact, and leaves tagged content alone', async () => {
    const printed = await part(`${TAGGED_TEXT}\n${LINE_NUMBER}`, true);
    await markPartArtifacts(printed);
    const content = pageContent(printed);
    assert.match(content, /Td \/Artifact BMC\s*\(1\) Tj\s*EMC\s*ET/);
    assert.ok(content.startsWith(TAGGED_TEXT), content);
  });

  it('leaves a part printed untagged, and a page with nothing untagged, as they are', async () => {
    const untagged = await part(LINE_NUMBER, false);
    const allTagged = await part(TAGGED_TEXT, true);
    const before = [untagged, allTagged].map((printed) => printed.document.getPage(0).node.get(PDFName.of('Contents')));
    await Promise.all([markPartArtifacts(untagged), markPartArtifacts(allTagged)]);
    assert.deepEqual(
      [untagged, allTagged].map((printed) => printed.document.getPage(0).node.get(PDFName.of('Contents'))),
      before,
    );
  });

  it('marks a part once, however often it is asked', async () => {
    const printed = await part(LINE_NUMBER, true);
    const first = markPartArtifacts(printed);
    assert.equal(markPartArtifacts(printed), first);
    await first;
    await markPartArtifacts(printed);
    assert.equal(pageContent(printed).match(/\/Artifact BMC/g)?.length, 1);
  });
});
