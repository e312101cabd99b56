import type {TextItem} from './text-lines';
import {darkShareIn, type DarkGrid} from './raster';
import {THRESHOLDS} from './thresholds';

/** How much of a page's prose, in characters, sits on a dark background. */
export type ProseOnDark = {prose: number; onDark: number};

/**
 * Measures the prose of a mostly dark page: text items `isProse` accepts, and of them the ones
 * whose box is mostly dark pixels. Light text on a dark background fills its box with dark
 * pixels; dark text on white leaves most of it white. Code blocks in a dark theme and pictures
 * with a dark background of their own are dark by design, so only prose says that the page
 * printed in dark mode: the caller leaves out code, and text the article does not have (the
 * labels an SVG picture draws).
 */
export function proseOnDark(items: TextItem[], grid: DarkGrid, isProse: (item: TextItem) => boolean): ProseOnDark {
  let prose = 0;
  let onDark = 0;
  for (const item of items) {
    const chars = item.str.trim().length;
    if (chars === 0 || item.rotated || !isProse(item)) continue;
    prose += chars;
    if (darkShareIn(grid, {x0: item.x0, y0: item.bottom, x1: item.x1, y1: item.top}) >= THRESHOLDS.darkBehindTextShare) onDark += chars;
  }
  return {prose, onDark};
}

/** Whether a measured page printed in dark mode: most of its prose on a dark background. */
export function isDarkPage({prose, onDark}: ProseOnDark): boolean {
  return prose > 0 && onDark >= THRESHOLDS.darkProseShare * prose;
}
