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
  // Below the text area of page 1: the heading was pushed to the top of page 2 (as tall as page 1 in a real part).
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

  it("reads the part whole when the table sends the catalog's number to another object", async () => {
    const bytes = Buffer.from(await printedPart(false));
    const root = Number(/\/Root (\d+) 0 R/.exec(bytes.toString('latin1', bytes.lastIndexOf('trailer')))![1]);
    // One subsection from 0, 20 bytes an entry: the catalog's entry points at object 1 instead.
    const entries = bytes.indexOf('\n', bytes.lastIndexOf('\nxref\n') + 6) + 1;
    bytes.write(bytes.toString('latin1', entries + 20, entries + 30), entries + root * 20, 'latin1');
    const facts = await readPartFacts(bytes, options);
    assert.equal(facts.pageCount, 3);
    assert.deepEqual([...facts.destinations], [...(await readPart(bytes, options)).destinations]);
    assert.equal(facts.destinations.size, 4);
  });
});
