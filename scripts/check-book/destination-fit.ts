import type {Destination} from './pdf-book';
import {THRESHOLDS} from './thresholds';

/** How a destination sits against the line it should open. */
export type DestinationFit =
  | 'ok'
  /** On the page before, at or below its bottom margin: the heading was pushed to the next page. */
  | 'page-before-at-bottom'
  | 'wrong-page'
  /** Below the top of the line: the reader lands past (part of) it. */
  | 'below'
  /** More than a line (and its margin) above the line. */
  | 'far-above';

/**
 * Judges a destination against the printed line it should open: right page, and a y at or just
 * above the top of the line's glyphs. `contentBottom` is the y of the page's bottom content edge.
 * `checkAbove` is off for chapter titles, whose destination may be the top of their page.
 */
export function destinationFit(
  dest: Destination,
  line: {page: number; top: number; size: number},
  contentBottom: number,
  checkAbove = true,
): DestinationFit {
  if (dest.page !== line.page) {
    const atBottom = dest.page === line.page - 1 && dest.y !== null && dest.y <= contentBottom + line.size;
    return atBottom ? 'page-before-at-bottom' : 'wrong-page';
  }
  if (dest.y === null) return 'ok';
  if (dest.y < line.top - THRESHOLDS.destinationBelowPt) return 'below';
  if (checkAbove && dest.y > line.top + THRESHOLDS.destinationAboveSizes * line.size) return 'far-above';
  return 'ok';
}
