import type {Box} from './page-operators';
import type {Destination, LinkAnnotation} from './pdf-book';
import {joinedText, logicalOrder, type TextItem} from './text-lines';

/** An entry of the printed table of contents. */
export type TocEntry = {
  /** The entry's text without its page number. */
  title: string;
  /** The page number printed at its end (the right, or the left in a right-to-left book); undefined when there is none. */
  printed?: number;
  /** Where its link goes. */
  dest?: Destination;
  rect: Box;
};

const sameDestination = (a?: Destination, b?: Destination) =>
  a !== undefined && b !== undefined && a.page === b.page && a.y === b.y && a.name === b.name;

function inside(item: TextItem, rect: Box): boolean {
  const x = (item.x0 + item.x1) / 2;
  const y = (item.top + item.bottom) / 2;
  return x >= rect.x0 - 1 && x <= rect.x1 + 1 && y >= rect.y0 - 1 && y <= rect.y1 + 1;
}

/** A piece of an entry's text: items on one line with no wide gap (the leader splits a line). */
export type EntryRun = {text: string; x0?: number; x1: number};

/** Text runs of items, a line at a time top to bottom, in reading order: left to right, or right to left in a right-to-left book. */
function runsOf(items: TextItem[], rtl: boolean): EntryRun[] {
  const lines: TextItem[][] = [];
  for (const item of [...items].sort((a, b) => b.baseline - a.baseline)) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line[0]!.baseline - item.baseline) <= 0.35 * Math.max(line[0]!.size, item.size)) line.push(item);
    else lines.push([item]);
  }
  const runs: EntryRun[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x0 - b.x0);
    const lineRuns: EntryRun[] = [];
    let run: TextItem[] = [];
    const flush = () =>
      lineRuns.push({
        text: joinedText(rtl ? logicalOrder(run, true) : run),
        x0: Math.min(...run.map((item) => item.x0)),
        x1: Math.max(...run.map((item) => item.x1)),
      });
    for (const item of line) {
      const last = run[run.length - 1];
      if (last && item.x0 - last.x1 > item.size) {
        flush();
        run = [];
      }
      run.push(item);
    }
    if (run.length > 0) flush();
    runs.push(...(rtl ? lineRuns.reverse() : lineRuns));
  }
  return runs;
}

const union = (a: Box, b: Box): Box => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});

/**
 * Reads the entries of one TOC page: each internal link is an entry; its title is the text
 * inside the link's rectangle, and its printed page number the number at the right end. A link
 * with no number that is followed by one with the same destination is the first line of a
 * wrapped entry, and is joined to it. (A category without a page shares its first doc's
 * destination, but prints its own number, so it stays an entry of its own.)
 */
export function tocEntriesOf(links: LinkAnnotation[], items: TextItem[], rtl = false): TocEntry[] {
  const visible = items.filter((item) => item.str.trim() !== '');
  const entries: TocEntry[] = [];
  const runsOfEntry: EntryRun[][] = [];
  for (const link of links) {
    if (!link.dest || link.uri) continue;
    const runs = runsOf(
      visible.filter((item) => inside(item, link.rect)),
      rtl,
    );
    const last = entries[entries.length - 1];
    if (last && last.printed === undefined && sameDestination(last.dest, link.dest)) {
      const joined = [...runsOfEntry[runsOfEntry.length - 1]!, ...runs];
      runsOfEntry[runsOfEntry.length - 1] = joined;
      Object.assign(last, parseEntryRuns(joined, rtl), {rect: union(last.rect, link.rect)});
      continue;
    }
    entries.push({...parseEntryRuns(runs, rtl), dest: link.dest, rect: link.rect});
    runsOfEntry.push(runs);
  }
  return entries;
}

/**
 * Splits an entry's text runs (in reading order) into title and page number: the run at the
 * line's end (rightmost, or leftmost in a right-to-left book) when it is a number of its own (it
 * may sit on the first line of a wrapped title), else digits after a gap or leader dots at the
 * end of the text.
 */
export function parseEntryRuns(runs: EntryRun[], rtl = false): {title: string; printed?: number} {
  const atEnd = (run: EntryRun, best: EntryRun) => (rtl ? (run.x0 ?? run.x1) < (best.x0 ?? best.x1) : run.x1 > best.x1);
  const rightmost = runs.reduce<EntryRun | undefined>((best, run) => (best === undefined || atEnd(run, best) ? run : best), undefined);
  if (runs.length > 1 && rightmost && /^\d+$/.test(rightmost.text)) {
    const title = runs
      .filter((run) => run !== rightmost)
      .map((run) => run.text)
      .join(' ')
      .replace(/[\s.·…]+$/, '')
      .trim();
    return {title, printed: Number(rightmost.text)};
  }
  const text = runs
    .map((run) => run.text)
    .join(' ')
    .trim();
  const match = /^(.*?\S)(?:\s+|[.·…]{2,}\s*)(\d+)$/s.exec(text);
  return match ? {title: match[1]!.replace(/[\s.·…]+$/, ''), printed: Number(match[2])} : {title: text};
}
