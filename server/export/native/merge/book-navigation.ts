import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFRef,
  PDFString,
  type PDFContext,
  type PDFDocument,
  type PDFPageLeaf,
} from 'pdf-lib';
import {destinationName} from './destination-names';

/** An entry of the PDF outline (bookmarks). */
export type OutlineEntry = {
  title: string;
  /** Id of a destination; an entry whose target is unknown is left out with its children. */
  target: string;
  /** Shown expanded when the PDF opens. */
  open: boolean;
  children: OutlineEntry[];
};

/** Where a destination is in the book: its page's reference and height, and the point on it. */
export type PlacedTarget = {ref: PDFRef; height: number; x: number; y: number};

/** The place of a destination id in the book, or undefined when the book has no such target. */
export type ResolveTarget = (id: string) => PlacedTarget | undefined;

/** A page's size, from its own MediaBox (pdf-lib's copier puts inherited entries in each page it copies). */
export function pageSize(page: PDFPageLeaf): {width: number; height: number} {
  const box = page.lookup(PDFName.of('MediaBox'), PDFArray);
  const at = (index: number) => box.lookupMaybe(index, PDFNumber)?.asNumber() ?? 0;
  return {width: at(2) - at(0), height: at(3) - at(1)};
}

/** Room left above a target when a reader jumps to it, in points. */
const HEADROOM = 12;

function explicitDestination(context: PDFContext, target: PlacedTarget): PDFArray {
  const y = Math.min(target.height, target.y + HEADROOM);
  return context.obj([target.ref, PDFName.of('XYZ'), target.x, y, PDFNull]);
}

/** The outline's titles by target id: what an in-book link jumps to, in words. */
export function titlesByTarget(entries: readonly OutlineEntry[], titles = new Map<string, string>()): Map<string, string> {
  for (const entry of entries) {
    titles.set(entry.target, entry.title);
    titlesByTarget(entry.children, titles);
  }
  return titles;
}

/** What links are resolved against: a heading's section id falls back to its page's id (`page--section`). */
export type LinkTargets = {resolve: ResolveTarget; titles: ReadonlyMap<string, string>; marker: string};

/**
 * The links of some pages: the marker links made jumps, by annotation and target id, the ids of
 * the ones dropped, and whether a marker link was written in its page rather than on its own.
 */
export type PageLinks = {linked: Array<{ref: PDFRef; id: string}>; dropped: Set<PDFRef>; unresolved: string[]; inPage: boolean};

const sectionPage = (id: string) => id.split('--')[0]!;

/** Where a marker link's target id is in the book, or undefined when the book has no such target. */
export function resolveLink(id: string, targets: LinkTargets): PlacedTarget | undefined {
  return targets.resolve(id) ?? targets.resolve(sectionPage(id));
}

/** Makes a link annotation jump to the target `id` names, titled with it; false when the book has no such target. */
export function pointLink(context: PDFContext, annotation: PDFDict, id: string, targets: LinkTargets): boolean {
  const destination = resolveLink(id, targets);
  if (!destination) return false;
  annotation.delete(PDFName.of('A'));
  annotation.set(PDFName.of('Dest'), explicitDestination(context, destination));
  const title = targets.titles.get(id) ?? targets.titles.get(sectionPage(id));
  if (title) annotation.set(PDFName.of('Contents'), PDFHexString.fromText(title));
  return true;
}

/**
 * Marker links become jumps to the destination they name; one to an unknown id is dropped.
 * Every link gets an alternate description (`Contents`, ISO 14289-1 7.18.5): the title of what it
 * jumps to, or its URL.
 */
export function linkPages(context: PDFContext, pages: readonly PDFPageLeaf[], targets: LinkTargets): PageLinks {
  const links: PageLinks = {linked: [], dropped: new Set(), unresolved: [], inPage: false};
  const titleOf = (id: string) => targets.titles.get(id) ?? targets.titles.get(sectionPage(id));
  for (const page of pages) {
    const annotations = page.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annotations) continue;
    const kept: Array<PDFDict | PDFRef> = [];
    for (let index = 0; index < annotations.size(); index++) {
      const raw = annotations.get(index);
      const annotation = context.lookupMaybe(raw, PDFDict);
      const action = annotation?.lookupMaybe(PDFName.of('A'), PDFDict);
      const uri = action?.lookup(PDFName.of('URI'));
      const href = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : undefined;
      if (annotation && href?.startsWith(targets.marker)) {
        const id = decodeURIComponent(href.slice(targets.marker.length));
        if (!pointLink(context, annotation, id, targets)) {
          links.unresolved.push(id);
          if (raw instanceof PDFRef) links.dropped.add(raw);
          continue;
        }
        if (raw instanceof PDFRef) links.linked.push({ref: raw, id});
        else links.inPage = true;
      } else if (annotation && href && !annotation.has(PDFName.of('Contents'))) {
        annotation.set(PDFName.of('Contents'), PDFHexString.fromText(href));
      } else if (annotation && !annotation.has(PDFName.of('Contents'))) {
        const name = annotation.lookup(PDFName.of('Dest'));
        const title = name instanceof PDFString || name instanceof PDFHexString ? titleOf(name.decodeText()) : undefined;
        if (title) annotation.set(PDFName.of('Contents'), PDFHexString.fromText(title));
      }
      kept.push(raw as PDFDict | PDFRef);
    }
    page.set(PDFName.of('Annots'), context.obj(kept));
    // Tab order follows the structure tree, so keyboard users reach links in reading order.
    if (kept.length > 0) page.set(PDFName.of('Tabs'), PDFName.of('S'));
  }
  return links;
}

export function writeOutline(document: PDFDocument, outline: readonly OutlineEntry[], resolve: ResolveTarget): void {
  const {context} = document;
  const usable = (entries: readonly OutlineEntry[]) =>
    entries.flatMap((entry) => {
      const target = resolve(entry.target);
      return target ? [{entry, target}] : [];
    });

  // Returns the number of entries visible under `parent` when it is open.
  const writeLevel = (entries: readonly OutlineEntry[], parentRef: PDFRef, parent: PDFDict): number => {
    const items = usable(entries);
    if (items.length === 0) return 0;
    const refs = items.map(() => context.nextRef());
    let visible = 0;
    items.forEach(({entry, target}, index) => {
      const dict = context.obj({
        Title: PDFHexString.fromText(entry.title),
        Parent: parentRef,
        Dest: explicitDestination(context, target),
      });
      if (index > 0) dict.set(PDFName.of('Prev'), refs[index - 1]!);
      if (index < items.length - 1) dict.set(PDFName.of('Next'), refs[index + 1]!);
      const below = writeLevel(entry.children, refs[index]!, dict);
      if (below > 0) dict.set(PDFName.of('Count'), PDFNumber.of(entry.open ? below : -below));
      context.assign(refs[index]!, dict);
      visible += 1 + (entry.open ? below : 0);
    });
    parent.set(PDFName.of('First'), refs[0]!);
    parent.set(PDFName.of('Last'), refs[refs.length - 1]!);
    return visible;
  };

  const rootRef = context.nextRef();
  const root = context.obj({Type: 'Outlines'});
  const count = writeLevel(outline, rootRef, root);
  if (count === 0) return;
  root.set(PDFName.of('Count'), PDFNumber.of(count));
  context.assign(rootRef, root);
  document.catalog.set(PDFName.of('Outlines'), rootRef);
  document.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** Every destination under a name made of its id (see destination-names.ts), so `book.pdf#nameddest=<id>` works too. */
export function writeNamedDestinations(document: PDFDocument, ids: Iterable<string>, resolve: ResolveTarget): void {
  const dests = document.context.obj({});
  for (const id of ids) {
    const target = resolve(id);
    if (target) dests.set(PDFName.of(destinationName(id)), explicitDestination(document.context, target));
  }
  document.catalog.set(PDFName.of('Dests'), document.context.register(dests));
}
