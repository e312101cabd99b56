import {PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream, type PDFObject} from 'pdf-lib';

/** A form XObject a page draws: its reference, and whether its marked content is its own (StructParents). */
export type DrawnForm = {ref: string; tagged: boolean};

const XOBJECT = PDFName.of('XObject');
const RESOURCES = PDFName.of('Resources');
const EXT_G_STATE = PDFName.of('ExtGState');
const SMASK = PDFName.of('SMask');
const STRUCT_PARENTS = PDFName.of('StructParents');
// `/Name Do`, and `/Name gs`, whose soft mask (an ExtGState's SMask) is a form pdfjs draws there
// too: Chromium writes text as hex strings, so a literal string holding one is not expected.
const DRAWS = /\/([^\s/[\]()<>{}%]+)\s+(Do|gs)\b/g;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/**
 * For each page that draws a form XObject with marked content of its own (Chromium draws a layer
 * with opacity below 1 as one, its MCIDs numbered apart from the page's and owned through an MCR
 * with `Stm`), every form the page draws, in the order drawn, depth first: the order in which
 * pdfjs' operator list begins them. pdfjs names the form's marked content as the page's, so the
 * text of a form's MCID 0 and the page's MCID 0 are told apart by this order. A soft mask counts
 * where its graphics state is set: pdfjs draws its form there (an icon with a mask: Swagger UI's
 * copy buttons).
 */
export function formsDrawn(document: PDFDocument): Map<number, DrawnForm[]> {
  const {context} = document;
  const formOf = (value: PDFObject | undefined) => {
    const stream = value instanceof PDFRef ? context.lookup(value) : value;
    return stream instanceof PDFRawStream && stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Form') ? stream : undefined;
  };
  // Whether resources reach a form with marked content of its own: most pages draw none.
  const reaches = new Map<PDFDict, boolean>();
  const reachesTagged = (resources: PDFDict | undefined, depth = 0): boolean => {
    const xObjects = resources?.lookupMaybe(XOBJECT, PDFDict);
    if (!xObjects || depth > 8) return false;
    if (!reaches.has(xObjects)) {
      reaches.set(xObjects, false);
      reaches.set(
        xObjects,
        xObjects.values().some((value) => {
          const form = formOf(value);
          return !!form && (form.dict.has(STRUCT_PARENTS) || reachesTagged(form.dict.lookupMaybe(RESOURCES, PDFDict), depth + 1));
        }),
      );
    }
    return reaches.get(xObjects)!;
  };
  const result = new Map<number, DrawnForm[]>();
  document.getPages().forEach((page, index) => {
    const resources = page.node.Resources();
    if (!reachesTagged(resources)) return;
    const drawn: DrawnForm[] = [];
    const visit = (content: string, within: PDFDict | undefined, depth: number) => {
      const xObjects = within?.lookupMaybe(XOBJECT, PDFDict);
      const states = within?.lookupMaybe(EXT_G_STATE, PDFDict);
      if (depth > 8) return;
      for (const match of content.matchAll(DRAWS)) {
        const name = PDFName.of(match[1]!);
        const mask = match[2] === 'gs' ? states?.lookupMaybe(name, PDFDict)?.get(SMASK) : undefined;
        const maskDict = mask instanceof PDFRef ? context.lookup(mask) : mask;
        const value = match[2] === 'Do' ? xObjects?.get(name) : maskDict instanceof PDFDict ? maskDict.get(PDFName.of('G')) : undefined;
        const form = formOf(value);
        if (!form) continue;
        drawn.push({ref: value!.toString(), tagged: form.dict.has(STRUCT_PARENTS)});
        visit(latin1(decodePDFRawStream(form).decode()), form.dict.lookupMaybe(RESOURCES, PDFDict), depth + 1);
      }
    };
    const contents = page.node.get(PDFName.of('Contents'));
    const items = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const text = items
      .map((item) => (item instanceof PDFRef ? context.lookup(item) : item))
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => latin1(decodePDFRawStream(stream).decode()))
      .join('\n');
    visit(text, resources, 0);
    result.set(index, drawn);
  });
  return result;
}
