import {setImmediate as nextTurn} from 'node:timers/promises';
import {PDFDict, PDFName, PDFRef, type PDFContext, type PDFPageLeaf} from 'pdf-lib';
import type {ExportPrintCache} from '../print-cache/print-once';
import {readPart, type PdfPart, type PrintedPart, type ReadOptions} from '../shared/pdf-part';
import {refsAbove, type BookWriter} from './book-writer';
import {linkPages, pageSize, pointLink, resolveLink, type LinkTargets} from './book-navigation';
import type {FontSharedGlyphs} from './font-shared-glyphs';
import {restoreSharedGlyphText} from './ideograph-text';
import {ownResources} from './overlay-stamp';
import {markPartArtifacts} from './part-artifacts';
import type {BookStructure, PartRole} from './structure-tree';
import {itemsOf} from './struct-elements';
import {
  keepWritten,
  parseSource,
  rangesOf,
  readWritten,
  sourceOf,
  type WrittenKeys,
  type WrittenPart,
  type WrittenPlace,
} from './written-parts';

/** What every part's text needs the same way: the characters it was written in (ideograph-text.ts). */
export type BookText = {
  /** The installed fonts' shared glyphs; none leaves the text as printed. */
  sharedGlyphs?: FontSharedGlyphs;
  /** The characters of the book's pages, which tell which code point of a shared glyph the text used. */
  bookChars?: ReadonlySet<string>;
};

/** Where startBook writes a part, and how. */
export type PartWriting = {
  context: PDFContext;
  structure: BookStructure;
  writer: BookWriter;
  text: BookText;
  read: ReadOptions;
  targets: LinkTargets;
  /** Told the part's page height before its links are pointed (the targets' headroom is capped by it). */
  pagesAre: (height: number) => void;
  /** Parts written before, and where this one is kept once written; none: copy each part anew. */
  cache?: {store: ExportPrintCache; keys: WrittenKeys};
};

/** Marks a part's artifacts, restores its text and copies its pages and structure onto `refs`. */
async function copyPart(structure: BookStructure, part: PdfPart, role: PartRole, text: BookText, refs: readonly PDFRef[]) {
  // The cover is drawn as one artifact whatever it holds.
  if (role !== 'cover') await markPartArtifacts(part);
  await nextTurn();
  if (text.sharedGlyphs) await restoreSharedGlyphText(part.document, text.sharedGlyphs, text.bookChars);
  await nextTurn();
  return structure.copyPart(part.document, role, part.removedAnnotations, refs.slice(0, part.pageCount));
}

/**
 * Writes a part (content, or the cover or TOC before it) onto its reserved page references: written before at `place` (the caller
 * checked no other part has its numbers and keys), its objects go to the file as they were and
 * only its links are pointed again; else it is read, marked, copied, linked and written, and kept
 * for the next book. Returns its page dictionaries, which stay in memory for finishBook, and
 * whether it was written again.
 */
export async function writeBookPart(
  printed: PrintedPart,
  role: PartRole,
  refs: readonly PDFRef[],
  place: WrittenPlace | undefined,
  how: PartWriting,
): Promise<{leaves: PDFPageLeaf[]; again: boolean}> {
  const written = place && how.cache ? await readWritten(how.cache.store, how.cache.keys) : undefined;
  // Another export may have written the part elsewhere since its place was read: only the place planned for will do.
  const samePlace = written && JSON.stringify(written.part.place) === JSON.stringify(place);
  if (written && samePlace && linksStillHold(written.part, how.targets))
    return {leaves: await writeAgain(written.part, written.bytes, role, how), again: true};
  return {leaves: await writeAnew(printed, role, refs, how), again: false};
}

/** The marker links the part dropped still have no target, and those it made jumps still have one. */
function linksStillHold(part: WrittenPart, targets: LinkTargets): boolean {
  return part.unresolved.every((id) => !resolveLink(id, targets)) && part.links.every(([, , id]) => resolveLink(id, targets));
}

async function writeAgain(part: WrittenPart, bytes: Buffer, role: PartRole, how: PartWriting): Promise<PDFPageLeaf[]> {
  const {context, structure, writer, targets} = how;
  await writer.copySegment({...part.segment, bytes});
  structure.addWritten(
    {
      roots: itemsOf(parseSource(context, part.roots)),
      parentTree: part.parentTree.map(([key, source]) => [key, parseSource(context, source)]),
      keys: part.place.keys,
    },
    part.gone,
    role,
  );
  const leaves = part.pages.map(([number, source]) => {
    const leaf = parseSource(context, source) as PDFPageLeaf;
    context.assign(PDFRef.of(number), leaf);
    return leaf;
  });
  if (leaves[0]) how.pagesAre(pageSize(leaves[0]).height);
  const links = part.links.map(([number, source, id]) => {
    const link = parseSource(context, source) as PDFDict;
    pointLink(context, link, id, targets);
    context.assign(PDFRef.of(number), link);
    return PDFRef.of(number);
  });
  await writer.write(context, links);
  return leaves;
}

async function writeAnew(printed: PrintedPart, role: PartRole, refs: readonly PDFRef[], how: PartWriting): Promise<PDFPageLeaf[]> {
  const {context, structure, writer, targets} = how;
  const part = await readPart(await printed.bytes.read(), how.read);
  // Chromium prints the TOC and the overlay meanwhile: each of its round trips waits for a turn.
  await nextTurn();
  const before = context.largestObjectNumber;
  const copied = await copyPart(structure, part, role, how.text, refs);
  await nextTurn();
  const leaves = copied.pages.map((page) => page.node);
  if (leaves[0]) how.pagesAre(pageSize(leaves[0]).height);
  const links = linkPages(context, leaves, targets);
  const gone = structure.forget(copied.roots, links.dropped);
  for (const leaf of leaves) ownResources(context, leaf);
  if (!how.cache || links.inPage) {
    await writer.write(context, refsAbove(context, before));
    return leaves;
  }
  // The links are kept apart: the next book points them again, wherever their targets are then.
  const linkRefs = new Set(links.linked.map((link) => link.ref));
  const linkSources = links.linked.map(({ref, id}): [number, string, string] => {
    const link = context.lookup(ref, PDFDict).clone(context);
    link.delete(PDFName.of('Dest'));
    link.delete(PDFName.of('Contents'));
    return [ref.objectNumber, sourceOf(link), id];
  });
  const segment = await writer.writeSegment(
    context,
    refsAbove(context, before).filter((ref) => !linkRefs.has(ref)),
  );
  await writer.write(context, linkRefs);
  const numbers: Array<[number, number]> = [...rangesOf(refs.map((ref) => ref.objectNumber)), [before + 1, context.largestObjectNumber]];
  const {bytes, ...placed} = segment;
  const written: WrittenPart = {
    place: {numbers, keys: copied.keys, pageCount: leaves.length},
    pages: leaves.map((leaf, index) => [refs[index]!.objectNumber, sourceOf(leaf)]),
    links: linkSources,
    unresolved: links.unresolved,
    roots: sourceOf(context.obj(copied.roots)),
    parentTree: copied.parentTree.map(([key, value]) => [key, sourceOf(value)]),
    gone,
    segment: placed,
  };
  await keepWritten(how.cache.store, how.cache.keys, written, bytes);
  return leaves;
}
