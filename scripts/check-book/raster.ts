import type {PdfMargin} from '../../contracts/options';
import type {Box} from './page-operators';
import {PT_PER_CSS_PX, THRESHOLDS} from './thresholds';

/** A rendered page: 8-bit RGB (3 channels) or gray (1), rows top to bottom. */
export type Raster = {width: number; height: number; channels: 1 | 3; data: Uint8Array};

/** What the checks need of a page's image. */
export type RasterSummary = {
  /** 0-based page index. */
  page: number;
  /** Ink pixels inside the content box. */
  contentInk: number;
  /** Where the content box's last ink is, as a share of its height from its top (0 without ink). */
  inkBottom: number;
  /**
   * The longest run of tinted pixels in one column of the content box that reaches its bottom (its
   * last 2 % left out), as a share of its height: near 1 when a box fills the page from the top.
   */
  boxToBottom: number;
  /** Share of the content box that is dark. */
  darkShare: number;
  /** Ink pixels in the left/right margin strips, between the header and footer bands. */
  marginInk: number;
  /** Where that ink is, in PDF points. */
  marginInkBox?: Box;
  /** Solid black areas, in PDF points, with their size in tiles. */
  blackAreas: Array<{box: Box; tiles: number}>;
  /** Where the page is dark, kept only for a page that is mostly dark (see DarkGrid). */
  darkGrid?: DarkGrid;
};

/** Dark pixels counted in square cells of `cell` px, row-major, rows top to bottom. */
export type DarkGrid = {cell: number; columns: number; rows: number; dark: Uint8Array; scale: number; pageHeight: number};

/** Share of a box (PDF points) whose pixels are dark. */
export function darkShareIn(grid: DarkGrid, box: Box): number {
  const toColumn = (x: number) => Math.floor((x * grid.scale) / grid.cell);
  const toRow = (y: number) => Math.floor(((grid.pageHeight - y) * grid.scale) / grid.cell);
  const [c0, c1] = [Math.max(0, toColumn(box.x0)), Math.min(grid.columns - 1, toColumn(box.x1))];
  const [r0, r1] = [Math.max(0, toRow(box.y1)), Math.min(grid.rows - 1, toRow(box.y0))];
  let dark = 0;
  let cells = 0;
  for (let row = r0; row <= r1; row++) {
    for (let column = c0; column <= c1; column++) {
      dark += grid.dark[row * grid.columns + column]!;
      cells++;
    }
  }
  return cells === 0 ? 0 : dark / (cells * grid.cell * grid.cell);
}

type PixelBox = {x0: number; y0: number; x1: number; y1: number};

/** Converts a pixel box (y down) to PDF points (y up). */
function toPoints(box: PixelBox, scale: number, pageHeightPt: number): Box {
  return {x0: box.x0 / scale, x1: box.x1 / scale, y0: pageHeightPt - box.y1 / scale, y1: pageHeightPt - box.y0 / scale};
}

/**
 * Tiles of `tile` px that are black: at least `share` of their pixels near-black.
 * Returns the grid (row-major) and its size.
 */
export function blackTiles(
  raster: Raster,
  tile: number,
  share: number,
  nearBlackMax: number,
): {columns: number; rows: number; black: Uint8Array} {
  const columns = Math.ceil(raster.width / tile);
  const rows = Math.ceil(raster.height / tile);
  const dark = new Uint32Array(columns * rows);
  const {data, channels, width, height} = raster;
  for (let y = 0; y < height; y++) {
    const rowBase = Math.floor(y / tile) * columns;
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      const brightest = channels === 3 ? Math.max(data[at]!, data[at + 1]!, data[at + 2]!) : data[at]!;
      if (brightest <= nearBlackMax) dark[rowBase + Math.floor(x / tile)]!++;
    }
  }
  const black = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const pixels = Math.min(tile, width - column * tile) * Math.min(tile, height - row * tile);
      if (dark[row * columns + column]! >= share * pixels) black[row * columns + column] = 1;
    }
  }
  return {columns, rows, black};
}

/** Connected (4-neighbour) groups of set cells with at least `minCells` cells, as cell boxes (exclusive ends). */
export function connectedAreas(grid: Uint8Array, columns: number, rows: number, minCells: number): Array<PixelBox & {cells: number}> {
  const seen = new Uint8Array(grid.length);
  const areas: Array<PixelBox & {cells: number}> = [];
  for (let start = 0; start < grid.length; start++) {
    if (!grid[start] || seen[start]) continue;
    const queue = [start];
    seen[start] = 1;
    const area = {x0: columns, y0: rows, x1: 0, y1: 0, cells: 0};
    while (queue.length > 0) {
      const cell = queue.pop()!;
      const [x, y] = [cell % columns, Math.floor(cell / columns)];
      area.cells++;
      area.x0 = Math.min(area.x0, x);
      area.y0 = Math.min(area.y0, y);
      area.x1 = Math.max(area.x1, x + 1);
      area.y1 = Math.max(area.y1, y + 1);
      const neighbours = [
        x > 0 ? cell - 1 : -1,
        x < columns - 1 ? cell + 1 : -1,
        y > 0 ? cell - columns : -1,
        y < rows - 1 ? cell + columns : -1,
      ];
      for (const next of neighbours) {
        if (next >= 0 && grid[next] && !seen[next]) {
          seen[next] = 1;
          queue.push(next);
        }
      }
    }
    if (area.cells >= minCells) areas.push(area);
  }
  return areas;
}

/**
 * Measures a rendered page (rendered at `dpi`, so a point is dpi/72 pixels): ink and darkness
 * inside the content box (with where it is dark, for a mostly dark page), ink in the side margins
 * between the header and footer bands, and solid black areas anywhere on the page.
 */
export function summarizeRaster(page: number, raster: Raster, dpi: number, margin: PdfMargin): RasterSummary {
  const scale = dpi / 72;
  const pageHeight = raster.height / scale;
  const px = (css: number) => css * PT_PER_CSS_PX * scale;
  const left = Math.round(px(margin.left));
  const right = Math.round(raster.width - px(margin.right));
  const top = Math.round(px(margin.top));
  const bottom = Math.round(raster.height - px(margin.bottom));
  const inset = THRESHOLDS.marginInsetPx;
  const {data, channels, width} = raster;
  let contentInk = 0;
  let dark = 0;
  const cell = THRESHOLDS.darkCellPx;
  const grid: DarkGrid = {
    cell,
    columns: Math.ceil(width / cell),
    rows: Math.ceil(raster.height / cell),
    dark: new Uint8Array(0),
    scale,
    pageHeight,
  };
  grid.dark = new Uint8Array(grid.columns * grid.rows);
  let marginInk = 0;
  const marginBox = {x0: width, y0: raster.height, x1: 0, y1: 0};
  let lastInkRow = top;
  // Per column of the content box, tinted rows in a row up to the current one.
  const runs = new Uint32Array(Math.max(0, right - left));
  const runsEnd = bottom - Math.round((bottom - top) * 0.02);
  for (let y = Math.max(0, top); y < Math.min(raster.height, bottom); y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      const [r, g, b] = channels === 3 ? [data[at]!, data[at + 1]!, data[at + 2]!] : [data[at]!, data[at]!, data[at]!];
      const darkest = Math.min(r, g, b);
      const ink = darkest < THRESHOLDS.inkBelow;
      if (x >= left && x < right) {
        if (y < runsEnd) runs[x - left] = darkest < THRESHOLDS.tintedBelow ? runs[x - left]! + 1 : 0;
        if (ink) {
          contentInk++;
          lastInkRow = y + 1;
        }
        if (0.299 * r + 0.587 * g + 0.114 * b < THRESHOLDS.darkLuminanceBelow) {
          dark++;
          grid.dark[Math.floor(y / cell) * grid.columns + Math.floor(x / cell)]!++;
        }
      } else if (ink && (x < left - inset || x >= right + inset)) {
        marginInk++;
        marginBox.x0 = Math.min(marginBox.x0, x);
        marginBox.y0 = Math.min(marginBox.y0, y);
        marginBox.x1 = Math.max(marginBox.x1, x + 1);
        marginBox.y1 = Math.max(marginBox.y1, y + 1);
      }
    }
  }
  const contentPixels = Math.max(1, (right - left) * (bottom - top));
  const tile = THRESHOLDS.tilePx;
  const tiles = blackTiles(raster, tile, THRESHOLDS.blackTileShare, THRESHOLDS.nearBlackMax);
  const blackAreas = connectedAreas(tiles.black, tiles.columns, tiles.rows, THRESHOLDS.blackAreaTiles).map((area) => ({
    tiles: area.cells,
    box: toPoints(
      {x0: area.x0 * tile, y0: area.y0 * tile, x1: Math.min(width, area.x1 * tile), y1: Math.min(raster.height, area.y1 * tile)},
      scale,
      pageHeight,
    ),
  }));
  const darkShare = dark / contentPixels;
  const contentRows = Math.max(1, bottom - top);
  return {
    page,
    contentInk,
    inkBottom: (lastInkRow - top) / contentRows,
    boxToBottom: runs.reduce((longest, run) => Math.max(longest, run), 0) / Math.max(1, runsEnd - top),
    darkShare,
    ...(darkShare >= THRESHOLDS.darkPageShare ? {darkGrid: grid} : {}),
    marginInk,
    marginInkBox: marginInk > 0 ? toPoints(marginBox, scale, pageHeight) : undefined,
    blackAreas,
  };
}
