import assert from 'node:assert/strict';
import sidebars from '../../example-site/sidebars';
import {collapse, pageTexts} from './pdf-structure';

type Item = string | {type: string; id?: string; items?: Item[]; link?: {type: string; id?: string}};

function docIds(items: Item[]): string[] {
  return items.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (item.type === 'doc' && item.id) return [item.id];
    if (item.type === 'category') {
      const link = item.link?.type === 'doc' && item.link.id ? [item.link.id] : [];
      return [...link, ...docIds(item.items ?? [])];
    }
    return [];
  });
}

/** Doc ids of the example site in sidebar order, as the PDF must hold them. */
export const SIDEBAR_DOC_IDS = docIds((sidebars as unknown as Record<string, Item[]>).docsSidebar!);

function generatedIndexes(items: Item[]): number {
  return items.reduce((count, item) => {
    if (typeof item === 'string' || item.type !== 'category') return count;
    return count + (item.link?.type === 'generated-index' ? 1 : 0) + generatedIndexes(item.items ?? []);
  }, 0);
}

/** Pages the book captures: every sidebar doc and every generated category index. */
export const SIDEBAR_PAGE_COUNT = SIDEBAR_DOC_IDS.length + generatedIndexes((sidebars as unknown as Record<string, Item[]>).docsSidebar!);

/** Each example doc carries "Marker: <id with / as ->" in its first paragraph. */
export function marker(id: string): string {
  return `Marker: ${id.replace(/\//g, '-')}`;
}

/** Asserts that the book holds every sidebar doc once at least, in sidebar order; returns its text. */
export async function assertEveryDocInSidebarOrder(pdfPath: string): Promise<string> {
  const text = collapse((await pageTexts(pdfPath)).join(' ')).replace(/- /g, '-');
  const positions = SIDEBAR_DOC_IDS.map((id) => text.indexOf(marker(id)));
  assert.ok(
    positions.every((at) => at >= 0),
    `every doc present: ${positions.join()}`,
  );
  assert.deepEqual(
    positions,
    [...positions].sort((a, b) => a - b),
    'in sidebar order',
  );
  return text;
}
