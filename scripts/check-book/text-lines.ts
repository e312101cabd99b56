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

/**
 * Groups a page's text items into segments in reading order: lines top to bottom, each split
 * left to right where a gap is wider than the font size (table cells, a TOC's title and its page
 * number). Blank items (pdfjs adds wide spaces) are left out.
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
    // A right-to-left line reads from its right end.
    const rtl = line.filter((item) => item.rtl).length * 2 > line.length;
    line.sort((a, b) => (rtl ? b.x1 - a.x1 : a.x0 - b.x0));
    let run: TextItem[] = [];
    for (const item of line) {
      const last = run[run.length - 1];
      const gap = last && (rtl ? last.x0 - item.x1 : item.x0 - last.x1);
      if (last && gap! > THRESHOLDS.segmentGapRatio * Math.max(item.size, last.size)) {
        segments.push(joinItems(run, lineIndex));
        run = [];
      }
      run.push(item);
    }
    if (run.length > 0) segments.push(joinItems(run, lineIndex));
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
