import type {PdfReader} from '../pdf-book';
import {markKey, type PageMarks} from './marked-content';
import {readDocumentTags, type DocumentTags, type StructElement, type StructNode} from './struct-tree';

/** A structure element in reading order, with the text it owns. */
export type ReadElement = {
  type: string;
  /** The parent element's type; none for a top element. */
  parent?: string;
  depth: number;
  /** Page (0-based) of its first content, if it has any. */
  page?: number;
  /** The text of its marked content and its descendants', in tree order. */
  text: string;
  alt?: string;
  element: StructElement;
};

/** A book's tagging, as the accessibility checks read it. */
export type BookTags = DocumentTags & {
  /** Every element, depth first: the order a screen reader reads them. */
  elements: ReadElement[];
  /** Each page's text by marked content. */
  marks: PageMarks[];
  /** Annotations (by reference) that a Link element owns through an OBJR. */
  linkObjects: Set<string>;
  /** Annotations owned by any element. */
  ownedObjects: Set<string>;
};

function firstPage(node: StructNode): number | undefined {
  if (node.kind !== 'element') return node.page;
  for (const child of node.children) {
    const page = firstPage(child);
    if (page !== undefined) return page;
  }
  return undefined;
}

/** Reads the structure tree with pdf-lib and every page's marked text with pdfjs, and joins them. */
export async function readBookTags(file: string, reader: PdfReader): Promise<BookTags> {
  const tags = await readDocumentTags(file);
  const marks: PageMarks[] = [];
  for (let page = 0; page < reader.pageCount; page++) marks.push(await reader.pageMarks(page, tags.forms.get(page)));
  const elements: ReadElement[] = [];
  const linkObjects = new Set<string>();
  const ownedObjects = new Set<string>();

  const textOf = (node: StructNode): string => {
    if (node.kind === 'content') return marks[node.page]?.byMcid.get(markKey(node.mcid, node.stream)) ?? '';
    if (node.kind === 'object') return '';
    return node.children.map(textOf).join('');
  };
  const walk = (element: StructElement, depth: number, parent?: string): void => {
    elements.push({type: element.type, parent, depth, page: firstPage(element), text: textOf(element), alt: element.alt, element});
    for (const child of element.children) {
      if (child.kind === 'element') walk(child, depth + 1, element.type);
      else if (child.kind === 'object') {
        ownedObjects.add(child.ref);
        if (element.type === 'Link') linkObjects.add(child.ref);
      }
    }
  };
  for (const root of tags.roots) walk(root, 0);
  return {...tags, elements, marks, linkObjects, ownedObjects};
}
