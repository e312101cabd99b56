import {readFile} from 'node:fs/promises';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFString,
  decodePDFRawStream,
  type PDFRawStream,
} from 'pdf-lib';
import {formsDrawn, type DrawnForm} from './form-layers';
import {readParentTree, type ParentTreeReport} from './parent-tree';

/** Marked content of a page that a structure element owns; `stream`: the form XObject's own, when in one (an MCR's Stm). */
export type ContentRef = {kind: 'content'; page: number; mcid: number; stream?: string};
/** An annotation that a structure element owns (an OBJR). */
export type ObjectRef = {kind: 'object'; page?: number; ref: string};
/** A structure element, its type mapped through the RoleMap to a standard one. */
export type StructElement = {
  kind: 'element';
  type: string;
  /** The type as written, when the RoleMap maps it. */
  written?: string;
  alt?: string;
  actualText?: string;
  /** The Scope attribute of a table header cell. */
  scope?: string;
  children: StructNode[];
};
export type StructNode = StructElement | ContentRef | ObjectRef;

/** An annotation of a page. */
export type PageAnnotation = {page: number; ref: string; subtype: string; structParent?: number; contents?: string};

/** A page's tab order (/Tabs), by page, for the pages with annotations. */
export type PageTabs = Map<number, string | undefined>;

/** What a book says of its tagging, read with pdf-lib. */
export type DocumentTags = {
  /** Elements directly under the StructTreeRoot. */
  roots: StructElement[];
  hasStructTreeRoot: boolean;
  marked: boolean;
  suspects: boolean;
  lang?: string;
  /** ViewerPreferences /DisplayDocTitle: true, false, or absent. */
  displayDocTitle?: boolean;
  infoTitle?: string;
  /** The XMP packet's dc:title, when there is a packet. */
  xmpTitle?: string;
  hasXmp: boolean;
  /** RoleMap entries that do not end at a standard type, or loop. */
  badRoleMaps: string[];
  annotations: PageAnnotation[];
  tabs: PageTabs;
  /** The form XObjects drawn by each page that draws one with marked content of its own (form-layers.ts). */
  forms: Map<number, DrawnForm[]>;
  /** The parent tree, followed from the content (parent-tree.ts). */
  parentTree: ParentTreeReport;
};

/** The standard structure types of PDF 1.7 (ISO 32000-1, 14.8.4). */
export const STANDARD_TYPES = new Set(
  (
    'Document Part Art Sect Div BlockQuote Caption TOC TOCI Index NonStruct Private H H1 H2 H3 H4 H5 H6 P L LI Lbl LBody ' +
    'Table TR TH TD THead TBody TFoot Span Quote Note Reference BibEntry Code Link Annot Ruby RB RT RP Warichu WT WP Figure Formula Form'
  ).split(' '),
);

const name = (value: unknown): string | undefined => (value instanceof PDFName ? value.decodeText() : undefined);
const text = (value: unknown): string | undefined =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

function roleMapOf(root: PDFDict | undefined): {map: (type: string) => string | undefined; bad: string[]} {
  const roleMap = root?.lookupMaybe(PDFName.of('RoleMap'), PDFDict);
  const entries = new Map<string, string>();
  for (const [key, value] of roleMap?.entries() ?? []) {
    const target = name(value);
    if (target) entries.set(key.decodeText(), target);
  }
  const resolve = (type: string): string | undefined => {
    const seen = new Set<string>();
    let current = type;
    while (!STANDARD_TYPES.has(current)) {
      if (seen.has(current) || !entries.has(current)) return undefined;
      seen.add(current);
      current = entries.get(current)!;
    }
    return current;
  };
  return {map: resolve, bad: [...entries.keys()].filter((key) => !STANDARD_TYPES.has(key) && !resolve(key))};
}

function xmpTitleOf(document: PDFDocument): {hasXmp: boolean; title?: string} {
  const stream = document.catalog.lookupMaybe(PDFName.of('Metadata'), PDFStream);
  if (!stream) return {hasXmp: false};
  const bytes =
    'contents' in stream && !stream.dict.has(PDFName.of('Filter'))
      ? (stream as PDFRawStream).contents
      : decodePDFRawStream(stream as PDFRawStream).decode();
  const xml = new TextDecoder().decode(bytes);
  const title = /<dc:title>[\s\S]*?<rdf:li[^>]*>([\s\S]*?)<\/rdf:li>/.exec(xml)?.[1];
  return {
    hasXmp: true,
    title: title
      ?.replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  };
}

/** Reads a book's structure tree, catalog entries and annotations. */
export async function readDocumentTags(file: string): Promise<DocumentTags> {
  const document = await PDFDocument.load(await readFile(file), {updateMetadata: false});
  const {context, catalog} = document;
  const pageOf = new Map(document.getPages().map((page, index) => [page.ref.toString(), index]));
  const pageIndex = (value: unknown) => (value instanceof PDFRef ? pageOf.get(value.toString()) : undefined);
  const root = catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  const roles = roleMapOf(root);
  const visited = new Set<PDFDict>();

  const readKid = (kid: unknown, page: number | undefined, into: StructNode[]): void => {
    if (kid instanceof PDFNumber) {
      if (page !== undefined) into.push({kind: 'content', page, mcid: kid.asNumber()});
      return;
    }
    const ref = kid instanceof PDFRef ? kid : undefined;
    const dict = context.lookupMaybe(kid as PDFRef, PDFDict);
    if (!dict || visited.has(dict)) return;
    const type = name(dict.get(PDFName.of('Type')));
    const ownPage = pageIndex(dict.get(PDFName.of('Pg'))) ?? page;
    if (type === 'MCR') {
      const mcid = dict.lookupMaybe(PDFName.of('MCID'), PDFNumber)?.asNumber();
      const stream = dict.get(PDFName.of('Stm'));
      if (ownPage !== undefined && mcid !== undefined)
        into.push({kind: 'content', page: ownPage, mcid, ...(stream instanceof PDFRef ? {stream: stream.toString()} : {})});
    } else if (type === 'OBJR') {
      const object = dict.get(PDFName.of('Obj'));
      if (object instanceof PDFRef) into.push({kind: 'object', page: ownPage, ref: object.toString()});
    } else if (dict.has(PDFName.of('S'))) {
      visited.add(dict);
      into.push(readElement(dict, ownPage));
    } else if (ref) {
      visited.add(dict);
    }
  };

  const readElement = (dict: PDFDict, page: number | undefined): StructElement => {
    const written = name(dict.get(PDFName.of('S'))) ?? '';
    const type = roles.map(written) ?? written;
    const attributes = dict.lookup(PDFName.of('A'));
    const attributeDicts =
      attributes instanceof PDFArray
        ? attributes.asArray().map((item) => context.lookupMaybe(item, PDFDict))
        : [attributes instanceof PDFDict ? attributes : undefined];
    const scope = attributeDicts.map((attribute) => name(attribute?.get(PDFName.of('Scope')))).find(Boolean);
    const element: StructElement = {
      kind: 'element',
      type,
      ...(type === written ? {} : {written}),
      alt: text(dict.lookup(PDFName.of('Alt'))),
      actualText: text(dict.lookup(PDFName.of('ActualText'))),
      scope,
      children: [],
    };
    const kids = dict.get(PDFName.of('K'));
    const list = kids instanceof PDFArray ? kids.asArray() : kids === undefined ? [] : [kids];
    for (const kid of list) readKid(kid, page, element.children);
    return element;
  };

  const roots: StructNode[] = [];
  const top = root?.get(PDFName.of('K'));
  for (const kid of top instanceof PDFArray ? top.asArray() : top === undefined ? [] : [top]) readKid(kid, undefined, roots);

  const annotations: PageAnnotation[] = [];
  const tabs: PageTabs = new Map();
  document.getPages().forEach((page, index) => {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (annots && annots.size() > 0) tabs.set(index, name(page.node.get(PDFName.of('Tabs'))));
    for (let at = 0; annots && at < annots.size(); at++) {
      const raw = annots.get(at);
      const dict = context.lookupMaybe(raw, PDFDict);
      if (!dict) continue;
      annotations.push({
        page: index,
        ref: raw instanceof PDFRef ? raw.toString() : `inline ${index}/${at}`,
        subtype: name(dict.get(PDFName.of('Subtype'))) ?? '',
        structParent: dict.lookupMaybe(PDFName.of('StructParent'), PDFNumber)?.asNumber(),
        contents: text(dict.lookup(PDFName.of('Contents'))),
      });
    }
  });

  const markInfo = catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict);
  const flag = (dict: PDFDict | undefined, key: string) => {
    const value = dict?.get(PDFName.of(key));
    return value === undefined ? undefined : value.toString() === 'true';
  };
  const xmp = xmpTitleOf(document);
  const forms = formsDrawn(document);
  return {
    roots: roots.filter((node): node is StructElement => node.kind === 'element'),
    hasStructTreeRoot: root !== undefined,
    marked: flag(markInfo, 'Marked') === true,
    suspects: flag(markInfo, 'Suspects') === true,
    lang: text(catalog.lookup(PDFName.of('Lang'))),
    displayDocTitle: flag(catalog.lookupMaybe(PDFName.of('ViewerPreferences'), PDFDict), 'DisplayDocTitle'),
    infoTitle: document.getTitle(),
    xmpTitle: xmp.title,
    hasXmp: xmp.hasXmp,
    badRoleMaps: roles.bad,
    annotations,
    tabs,
    forms,
    parentTree: readParentTree(document, forms),
  };
}
