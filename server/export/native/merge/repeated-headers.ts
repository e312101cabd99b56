import {PDFDict, PDFName, PDFNull, PDFNumber, PDFRef, type PDFDocument, type PDFObject} from 'pdf-lib';
import {dictOf, itemsOf, pageOwners, walkStructElements} from './struct-elements';

const K = PDFName.of('K');
const S = PDFName.of('S');
const PG = PDFName.of('Pg');
const MCID = PDFName.of('MCID');
const MCR = PDFName.of('MCR');

/** A piece of marked content an element holds: which element's `K` names it, and where it is. */
type ContentRef = {holder: PDFDict; kid: PDFObject; page: number; mcid: number};

/**
 * Chromium repeats a table's header row at the top of each page the table goes on to, and tags
 * every repetition as more content of the same header cells: a screen reader reads the header
 * again on each page. A repetition is page furniture (ISO 14289-1, 7.1): each header cell keeps
 * its marked content on its first page; what it holds on later pages leaves the structure tree and
 * the parent tree. Returns, by page index of the part, the MCIDs to draw as artifacts.
 */
export function takeRepeatedHeaders(document: PDFDocument): Map<number, Set<number>> {
  const repeats = new Map<number, Set<number>>();
  const {context} = document;
  const root = document.catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  if (!root) return repeats;
  const pageIndex = new Map(document.getPages().map((page, index) => [page.ref.toString(), index]));
  const pageOf = (ref: PDFObject | undefined) => (ref instanceof PDFRef ? pageIndex.get(ref.toString()) : undefined);

  const contentOf = (element: PDFDict, page: number | undefined, found: ContentRef[]): ContentRef[] => {
    const own = pageOf(element.get(PG)) ?? page;
    for (const kid of itemsOf(element.get(K))) {
      const child = dictOf(context, kid);
      if (kid instanceof PDFNumber && own !== undefined) found.push({holder: element, kid, page: own, mcid: kid.asNumber()});
      else if (child?.get(PDFName.of('Type')) === MCR) {
        const at = pageOf(child.get(PG)) ?? own;
        const mcid = child.lookupMaybe(MCID, PDFNumber)?.asNumber();
        if (at !== undefined && mcid !== undefined) found.push({holder: element, kid, page: at, mcid});
      } else if (child?.has(S)) contentOf(child, own, found);
    }
    return found;
  };

  walkStructElements(context, itemsOf(root.get(K)), (element) => {
    if (element.get(S) !== PDFName.of('TH')) return;
    const content = contentOf(element, undefined, []);
    const first = Math.min(...content.map((ref) => ref.page));
    const later = content.filter((ref) => ref.page !== first);
    for (const ref of later) {
      ref.holder.set(K, context.obj(itemsOf(ref.holder.get(K)).filter((kid) => kid !== ref.kid)));
      if (!repeats.has(ref.page)) repeats.set(ref.page, new Set());
      repeats.get(ref.page)!.add(ref.mcid);
    }
  });
  if (repeats.size > 0) forgetInParentTree(document, repeats);
  return repeats;
}

/** The parent tree's entry of each repeated MCID becomes null: no element owns it any more. */
function forgetInParentTree(document: PDFDocument, repeats: Map<number, Set<number>>): void {
  const owners = pageOwners(document);
  for (const [page, mcids] of repeats) {
    for (const mcid of mcids) if (mcid < (owners[page]?.size() ?? 0)) owners[page]!.set(mcid, PDFNull);
  }
}
