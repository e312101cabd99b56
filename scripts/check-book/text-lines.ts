import {THRESHOLDS} from './thresholds';
import {textKey} from './text-normal';

/** A run of text as the PDF draws it, in PDF user space (y up). */
export type TextItem = {
  str: string;
  x0: number;
  x1: number;
  /** Estimated top and bottom of the glyphs. */
  top: number;
  bottom: number;
  baseline: number;
  /** Font size as drawn. */
  size: number;
  /** Drawn at an angle: kept out of lines. */
  rotated: boolean;
  /** Right-to-left text (its `str` in logical order). */
  rtl?: boolean;
  /** The font's name in pdfjs (its loadedName, e.g. "g_d0_f2"), to look its real name up. */
  font?: string;
  /** pdfjs takes the font for a monospace one (its fixed-pitch flag, or its name). */
  mono?: boolean;
};

/** Text that reads as one piece: items on one baseline with no wide gap between them. */
export type Segment = {
  text: string;
  /** textKey(text). */
  key: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  baseline: number;
  /** The largest font size in it. */
  size: number;
  /** Index of the line it belongs to (segments of one baseline share it). */
  line: number;
  /** Its items, in reading order. */
  items: TextItem[];
};

/** Typical glyph extents as shares of the font size: cap height and descender. */
export const ASCENT = 0.75;
export const DESCENT = 0.2;

/** The text of items on one line, left to right: a space where there is a gap, none inside a word (ligatures come apart). */
export function joinedText(items: TextItem[]): string {
  let text = '';
  let previous: TextItem | undefined;
  for (const item of items) {
    const gap = previous ? (item.rtl ? previous.x0 - item.x1 : item.x0 - previous.x1) : 0;
    if (previous && gap > 0.1 * item.size && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
    text += item.str;
    previous = item;
  }
  return text.replace(/\s+/g, ' ').trim();
}

function joinItems(items: TextItem[], line: number): Segment {
  const text = joinedText(items);
  return {
    text,
    key: textKey(text),
    x0: Math.min(...items.map((item) => item.x0)),
    x1: Math.max(...items.map((item) => item.x1)),
    top: Math.max(...items.map((item) => item.top)),
    bottom: Math.min(...items.map((item) => item.bottom)),
    baseline: items[0]!.baseline,
    size: Math.max(...items.map((item) => item.size)),
    line,
    items,
  };
}

/** Letters and digits of a left-to-right script. */
const STRONG_LTR = /[\p{L}\p{N}]/u;

/**
 * Puts the items of one run of a line (left to right as drawn) in reading order. pdfjs gives
 * each right-to-left item in logical order, but a word with marks may come as one item per glyph:
 * runs of right-to-left items, with the marks and punctuation between them, read from their right
 * end; on a right-to-left line, runs of left-to-right items keep their order inside the reversed line.
 */
export function logicalOrder(visual: TextItem[], rtlLine: boolean): TextItem[] {
  const strong = visual.map((item) => (item.rtl ? 'r' : STRONG_LTR.test(item.str) ? 'l' : undefined));
  const direction = strong.map((own, index) => {
    if (own) return own;
    const before = strong.slice(0, index).findLast(Boolean);
    const after = strong.slice(index + 1).find(Boolean);
    return before && before === after ? before : rtlLine ? 'r' : 'l';
  });
  const items = rtlLine ? [...visual].reverse() : [...visual];
  const flip = rtlLine ? 'l' : 'r';
  const directions = rtlLine ? [...direction].reverse() : direction;
  const out: TextItem[] = [];
  for (let index = 0; index < items.length;) {
    let end = index + 1;
    if (directions[index] === flip) while (end < items.length && directions[end] === flip) end++;
    const run = items.slice(index, end);
    out.push(...(directions[index] === flip ? run.reverse() : run));
    index = end;
  }
  return out;
}

/**
 * Groups a page's text items into segments in reading order: lines top to bottom, each split
 * where a gap is wider than the font size (table cells, a TOC's title and its page number), its
 * segments left to right (right to left on a line that is mostly right-to-left). Blank items
 * (pdfjs adds wide spaces) are left out.
 */
export function segmentsOf(items: TextItem[]): Segment[] {
  const straight = items.filter((item) => !item.rotated && item.str.trim() !== '');
  straight.sort((a, b) => b.baseline - a.baseline || a.x0 - b.x0);
  const lines: TextItem[][] = [];
  for (const item of straight) {
    const line = lines[lines.length - 1];
    const reference = line?.[0];
    if (reference && Math.abs(reference.baseline - item.baseline) <= THRESHOLDS.lineBaselineRatio * Math.max(reference.size, item.size)) {
      line.push(item);
    } else {
      lines.push([item]);
    }
  }
  const segments: Segment[] = [];
  lines.forEach((line, lineIndex) => {
    const rtl = line.filter((item) => item.rtl).length * 2 > line.length;
    line.sort((a, b) => a.x0 - b.x0);
    const runs: TextItem[][] = [];
    let run: TextItem[] = [];
    for (const item of line) {
      const last = run[run.length - 1];
      if (last && item.x0 - last.x1 > THRESHOLDS.segmentGapRatio * Math.max(item.size, last.size)) {
        runs.push(run);
        run = [];
      }
      run.push(item);
    }
    if (run.length > 0) runs.push(run);
    if (rtl) runs.reverse();
    for (const visual of runs) segments.push(joinItems(logicalOrder(visual, rtl), lineIndex));
  });
  const rotated = items.filter((item) => item.rotated && item.str.trim() !== '');
  rotated.forEach((item, index) => segments.push(joinItems([item], lines.length + index)));
  return segments;
}

/** The text of each line (its segments joined), in comparable form, by line index. */
export function lineKeys(segments: Segment[]): Map<number, string> {
  const keys = new Map<number, string>();
  for (const segment of segments) keys.set(segment.line, (keys.get(segment.line) ?? '') + segment.key);
  return keys;
}
