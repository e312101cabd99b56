import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import type {Box} from '../page-operators';
import {THRESHOLDS} from '../thresholds';

const areaOf = (box: Box) => Math.max(0, box.x1 - box.x0) * Math.max(0, box.y1 - box.y0);

/** Share of `box` that raster images cover (overlapping images may count twice; capped at 1). */
export function imageCover(box: Box, images: Box[]): number {
  const total = areaOf(box);
  if (total === 0) return 0;
  let covered = 0;
  for (const image of images) {
    covered += areaOf({
      x0: Math.max(box.x0, image.x0),
      y0: Math.max(box.y0, image.y0),
      x1: Math.min(box.x1, image.x1),
      y1: Math.min(box.y1, image.y1),
    });
  }
  return Math.min(1, covered / total);
}

/**
 * No solid black areas on the rendered pages (what a broken SVG fill looks like): connected
 * tiles that are nearly all near-black (see summarizeRaster), unless raster images cover them.
 */
export async function checkBlack({rasters, reader}: CheckContext): Promise<CheckResult> {
  const findings: Finding[] = [];
  let areas = 0;
  let pictures = 0;
  for (const raster of rasters) {
    if (raster.blackAreas.length === 0) continue;
    const images = await reader.imageBoxes(raster.page);
    for (const area of raster.blackAreas) {
      if (imageCover(area.box, images) >= THRESHOLDS.imageCoverShare) {
        pictures++;
        continue;
      }
      areas++;
      const {x0, y0, x1, y1} = area.box;
      findings.push({
        page: raster.page + 1,
        text: `solid black ${(x1 - x0).toFixed(0)}×${(y1 - y0).toFixed(0)} pt at x ${x0.toFixed(0)}–${x1.toFixed(0)}, y ${y0.toFixed(0)}–${y1.toFixed(0)} (${area.tiles} tiles)`,
      });
    }
  }
  const pages = new Set(findings.map((finding) => finding.page)).size;
  return resultOf(
    'black',
    `${areas} solid black areas on ${pages} pages (${pictures} dark areas inside raster images left out)`,
    findings,
    {
      areas,
      pages,
      insideImages: pictures,
    },
  );
}
