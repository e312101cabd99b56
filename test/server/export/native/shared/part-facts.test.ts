import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {PDFArray, PDFDocument, PDFName, PDFString} from 'pdf-lib';
import {readPartFacts} from '../../../../../server/export/native/shared/part-facts';
import {readPart} from '../../../../../server/export/native/shared/pdf-part';

const ANCHOR = 'https://anchors.invalid/at/';

/**
 * A part as Chromium prints one: pages of two heights (so a destination's height is its page's),
 * named destinations, anchor links (one target twice, one id percent-encoded) and another link.
 */
async function printedPart(objectStreams: boolean): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const pages = [document.addPage([595, 842]), document.addPage([595, 842]), document.addPage([842, 595])];
  const {context} = document;
  const dests = context.obj({});
  const destination = (page: number, y: number) => context.obj([pages[page]!.ref, PDFName.of('XYZ'), 40, y, 0]);
  dests.set(PDFName.of('intro'), destination(0, 800));
  // Below the text area of page 1: the heading was pushed to page 2.
  dests.set(PDFName.of('pushed'), destination(1, 20));
  dests.set(PDFName.of('wide'), context.register(destination(2, 500)));
  document.catalog.set(PDFName.of('Dests'), context.register(dests));
  const link = (page: number, uri: string, top: number) => {
    const action = context.obj({S: 'URI', URI: PDFString.of(uri)});
    const annotation = context.obj({Type: 'Annot', Subtype: 'Link', Rect: [10, top - 12, 200, top], A: action});
    const annots = pages[page]!.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? context.obj([]);
    annots.push(context.register(annotation));
    pages[page]!.node.set(PDFName.of('Annots'), annots);
  };
  link(0, `${ANCHOR}intro`, 810);
  link(1, `${ANCHOR}${encodeURIComponent('set up: step 1')}`, 300);
  link(2, `${ANCHOR}${encodeURIComponent('set up: step 1')}`, 400);
  link(2, 'https://example.com/elsewhere', 200);
  return document.save({useObjectStreams: objectStreams});
}

describe('reading a printed part for its facts only', () => {
  const options = {anchorPrefix: ANCHOR, textHeight: 700};

  for (const objectStreams of [false, true]) {
    it(`tells what a whole read tells (${objectStreams ? 'object streams: read whole' : 'a plain cross-reference table, as Chromium writes'})`, async () => {
      const bytes = await printedPart(objectStreams);
      const facts = await readPartFacts(bytes, options);
      const whole = await readPart(bytes, options);
      assert.equal(facts.pageCount, 3);
      assert.equal(facts.firstPageHeight, 842);
      assert.deepEqual([...facts.destinations], [...whole.destinations]);
      assert.deepEqual(Object.fromEntries(facts.destinations), {
        intro: {page: 0, x: 0, y: 810},
        pushed: {page: 2, x: 40, y: 842},
        wide: {page: 2, x: 40, y: 500},
        'set up: step 1': {page: 1, x: 0, y: 300},
      });
    });
  }

  it('reads a damaged cross-reference table whole, or fails as a whole read does', async () => {
    const bytes = Buffer.from(await printedPart(false));
    const table = bytes.lastIndexOf('\nxref\n') + 1;
    bytes.write('0000000009 00000 n', table + 'xref\n0 5\n'.length + 20, 'latin1');
    const facts = await readPartFacts(bytes, options).catch((error: Error) => error);
    const whole = await readPart(bytes, options).catch((error: Error) => error);
    if (whole instanceof Error) assert.ok(facts instanceof Error);
    else assert.deepEqual(facts instanceof Error ? facts : [...facts.destinations], [...whole.destinations]);
  });
});
