import type {BookTags} from './book-tags';
import type {StructElement, StructNode} from './struct-tree';
import {markKey} from './marked-content';

/** Elements that only group others: a line never runs across them. */
const GROUPS = new Set([
  'Document',
  'Part',
  'Art',
  'Sect',
  'Div',
  'BlockQuote',
  'L',
  'TOC',
  'Table',
  'THead',
  'TBody',
  'TFoot',
  'TR',
  'Index',
]);
/** How a line's element is named in the dump. */
const LABELS: Record<string, string> = {NonStruct: 'Text', Span: 'Text', LBody: 'Text'};

type Line = {page: number; label: string; text: string};

/**
 * The book as a screen reader walks it: the structure tree in order, one line per block (a
 * heading, paragraph, list item, TOC entry, table cell, code line…) with the text of all it holds,
 * figures as their alternate text, grouped by the page each line starts on. Artifacts (the cover,
 * running headers, footers, page numbers) are not read, so they are not here.
 */
export function readingOrder(tags: Pick<BookTags, 'roots' | 'marks'>): string {
  const lines: Line[] = [];
  let current: Line | undefined;
  const flush = () => {
    if (current && current.text.trim()) lines.push({...current, text: current.text.replace(/\s+/g, ' ').trim()});
    current = undefined;
  };
  const append = (text: string, page: number | undefined) => {
    current ??= {page: page ?? -1, label: 'Text', text: ''};
    if (current.page < 0 && page !== undefined) current.page = page;
    // Runs of text are marked apart at each inline element or layout box, which a word rarely spans:
    // runs are read as words apart, but for punctuation that closes or opens.
    if (/[^\s([{\-./_@]$/u.test(current.text) && /^[^\s.,;:!?)\]}]/u.test(text)) current.text += ' ';
    current.text += text;
  };
  const visit = (node: StructNode, inLine: boolean): void => {
    if (node.kind === 'content') {
      append(tags.marks[node.page]?.byMcid.get(markKey(node.mcid, node.stream)) ?? '', node.page);
      return;
    }
    if (node.kind === 'object') return;
    if (node.type === 'Figure') {
      if (!inLine) flush();
      append(` [${node.alt?.trim() ? `Figure: ${node.alt.trim()}` : 'Figure without alternate text'}] `, firstPage(node));
      if (!inLine) flush();
      return;
    }
    const group =
      GROUPS.has(node.type) || (!inLine && node.type === 'NonStruct' && !node.children.some((child) => child.kind === 'content'));
    if (group) {
      flush();
      for (const child of node.children) visit(child, false);
      flush();
      return;
    }
    if (!inLine) {
      flush();
      current = {page: firstPage(node) ?? -1, label: LABELS[node.type] ?? node.type, text: ''};
    }
    for (const child of node.children) {
      visit(child, true);
      // A group inside a line (a nested list in an item) ended the line: go on in a new one.
      if (child.kind === 'element' && !current) current = {page: -1, label: `${LABELS[node.type] ?? node.type} (continued)`, text: ''};
    }
    if (!inLine) flush();
  };
  for (const root of tags.roots) visit(root, false);
  flush();
  const out: string[] = [];
  let page = -2;
  for (const line of lines) {
    if (line.page !== page) {
      page = line.page;
      out.push(`--- page ${page + 1} ---`);
    }
    out.push(`${line.label}: ${line.text}`);
  }
  return `${out.join('\n')}\n`;
}

function firstPage(node: StructElement): number | undefined {
  for (const child of node.children) {
    if (child.kind === 'content') return child.page;
    if (child.kind === 'element') {
      const page = firstPage(child);
      if (page !== undefined) return page;
    }
  }
  return undefined;
}
