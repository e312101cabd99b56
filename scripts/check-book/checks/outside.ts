import {contentBoxOf, inHeaderOrFooter, type ContentBox} from '../book-map';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import type {RasterSummary} from '../raster';
import type {TextItem} from '../text-lines';
import {THRESHOLDS} from '../thresholds';

/** Where a text item breaks out of the content box; undefined when it does not. */
export type Breakout = {side: 'left' | 'right'; by: number} | {side: 'top' | 'bottom'; by: number};

/** An item's horizontal extent without the blank characters at its ends (pdfjs counts them in its width). */
function inkExtent(item: TextItem): [number, number] {
  const length = item.str.length;
  if (length === 0 || item.rotated) return [item.x0, item.x1];
  const per = (item.x1 - item.x0) / length;
  const leading = length - item.str.trimStart().length;
  const trailing = length - item.str.trimEnd().length;
  return [item.x0 + leading * per, item.x1 - trailing * per];
}

/**
 * Judges one text item against the content box: glyphs beyond the left or right edge (past the
 * tolerance), or an item straddling the top or bottom edge. Items wholly inside the top or
 * bottom margin band are the running header and footer, and allowed.
 */
export function breakoutOf(item: TextItem, box: ContentBox): Breakout | undefined {
  if (item.str.trim() === '' || inHeaderOrFooter(item, box)) return undefined;
  const [x0, x1] = inkExtent(item);
  const edge = THRESHOLDS.edgeTolerancePt;
  if (x0 < box.left - edge) return {side: 'left', by: box.left - x0};
  if (x1 > box.right + edge) return {side: 'right', by: x1 - box.right};
  const straddle = THRESHOLDS.straddleTolerancePt;
  if (item.top > box.top + straddle && item.bottom < box.top - straddle) return {side: 'top', by: item.top - box.top};
  if (item.bottom < box.bottom - straddle && item.top > box.bottom + straddle) return {side: 'bottom', by: box.bottom - item.bottom};
  return undefined;
}

/**
 * Whether a breakout past a side edge is only the item's advance: text widths are advances, and
 * a line may end in a glyph whose ink stops well before its advance (a full-width closing
 * bracket ends a CJK line with half an em of blank). Short of THRESHOLDS.advanceOverhangEm of
 * the item's size, with no ink in the rendered page's side margins, nothing shows outside.
 * Only at the side where the item's text ends: at its start the ink begins with the text, and
 * no ink in the margin there means the page clipped it (a heading pulled left of the text).
 */
function advanceOnly(item: TextItem, breakout: Breakout, raster: RasterSummary | undefined): boolean {
  if (breakout.side !== (item.rtl ? 'left' : 'right')) return false;
  return raster !== undefined && raster.marginInk < THRESHOLDS.marginInkPixels && breakout.by <= THRESHOLDS.advanceOverhangEm * item.size;
}

/**
 * No text outside the content box (page minus margins), and no ink in the left/right margin
 * strips between the header and footer bands of the rendered page (a table or diagram cut at the
 * page edge). A side breakout that is only a glyph's advance (see advanceOnly) is counted apart.
 */
export function checkOutside({site, book, rasters}: CheckContext): CheckResult {
  const findings: Finding[] = [];
  let sides = 0;
  let straddling = 0;
  let advances = 0;
  const rasterOf = new Map(rasters.filter(Boolean).map((raster) => [raster.page, raster]));
  for (const page of book.pages) {
    const box = contentBoxOf(page, site.options.margin);
    const broken = page.items.flatMap((item) => {
      const breakout = breakoutOf(item, box);
      if (breakout && advanceOnly(item, breakout, rasterOf.get(page.index))) advances++;
      else if (breakout) return [{item, breakout}];
      return [];
    });
    if (broken.length === 0) continue;
    const side = broken.filter(({breakout}) => breakout.side === 'left' || breakout.side === 'right').length;
    sides += side;
    straddling += broken.length - side;
    const worst = broken.reduce((a, b) => (b.breakout.by > a.breakout.by ? b : a));
    findings.push({
      page: page.index + 1,
      text: `${broken.length} text items outside the content box, worst ${worst.breakout.by.toFixed(1)} pt past the ${worst.breakout.side} edge: ${JSON.stringify(worst.item.str.trim().slice(0, 60))}`,
    });
  }
  let inkPages = 0;
  for (const raster of rasters) {
    if (raster.marginInk < THRESHOLDS.marginInkPixels) continue;
    inkPages++;
    const box = raster.marginInkBox!;
    findings.push({
      page: raster.page + 1,
      text: `ink in the side margin: ${raster.marginInk} px at ${THRESHOLDS.renderDpi} dpi, x ${box.x0.toFixed(0)}–${box.x1.toFixed(0)} pt, y ${box.y0.toFixed(0)}–${box.y1.toFixed(0)} pt`,
    });
  }
  findings.sort((a, b) => (a.page ?? 0) - (b.page ?? 0));
  return resultOf(
    'outside',
    `${sides} text items beyond the left/right edge, ${straddling} straddling the top/bottom edge, ${inkPages} pages with ink in the side margins (${advances} items whose advance alone ends past the edge left out)`,
    findings,
    {beyondSides: sides, straddling, marginInkPages: inkPages, advanceOnly: advances},
  );
}
