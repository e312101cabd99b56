import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {imageCover} from '../../../scripts/check-book/checks/black';
import {isDarkPage, proseOnDark} from '../../../scripts/check-book/dark-pages';
import {blackTiles, connectedAreas, summarizeRaster, type Raster} from '../../../scripts/check-book/raster';
import type {TextItem} from '../../../scripts/check-book/text-lines';
import {PnmStream} from '../../../scripts/check-book/render';
import {THRESHOLDS} from '../../../scripts/check-book/thresholds';

const DPI = 50;
const MARGIN = {top: 64, right: 48, bottom: 64, left: 48};

/** An A4 page at 50 dpi, white, with rectangles (pixels) painted in colours. */
function page(...boxes: Array<{x: number; y: number; w: number; h: number; rgb: [number, number, number]}>): Raster {
  const [width, height] = [414, 585];
  const data = new Uint8Array(width * height * 3).fill(255);
  for (const box of boxes) {
    for (let y = box.y; y < box.y + box.h; y++) {
      for (let x = box.x; x < box.x + box.w; x++) data.set(box.rgb, (y * width + x) * 3);
    }
  }
  return {width, height, channels: 3, data};
}

const hex = (value: string): [number, number, number] =>
  [0, 2, 4].map((at) => parseInt(value.slice(at, at + 2), 16)) as [number, number, number];

describe('rendered pages', () => {
  it('finds a solid black rectangle as one area, with its box in points', () => {
    const summary = summarizeRaster(3, page({x: 100, y: 200, w: 120, h: 60, rgb: [0, 0, 0]}), DPI, MARGIN);
    assert.equal(summary.blackAreas.length, 1);
    const {box} = summary.blackAreas[0]!;
    assert.ok(Math.abs(box.x0 - 100 * 1.44) < 11 && Math.abs(box.x1 - 220 * 1.44) < 11, JSON.stringify(box));
  });

  it('does not count the dark code themes #282a36 (Dracula) and #292d3e (Palenight) as black', () => {
    for (const colour of ['282a36', '292d3e']) {
      const summary = summarizeRaster(0, page({x: 40, y: 60, w: 330, h: 200, rgb: hex(colour)}), DPI, MARGIN);
      assert.deepEqual(summary.blackAreas, [], colour);
    }
  });

  it('does not count thin black strokes (text, rules, borders) as black areas', () => {
    const strokes = Array.from({length: 20}, (_, index) => ({
      x: 40,
      y: 60 + index * 9,
      w: 300,
      h: 3,
      rgb: [0, 0, 0] as [number, number, number],
    }));
    assert.deepEqual(summarizeRaster(0, page(...strokes), DPI, MARGIN).blackAreas, []);
  });

  it('leaves out black areas smaller than a few tiles', () => {
    const tile = THRESHOLDS.tilePx;
    assert.deepEqual(summarizeRaster(0, page({x: 70, y: 70, w: tile * 2, h: tile, rgb: [0, 0, 0]}), DPI, MARGIN).blackAreas, []);
  });

  it('joins touching black tiles into one area and keeps apart ones that do not touch', () => {
    const grid = Uint8Array.from([1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0]);
    const areas = connectedAreas(grid, 4, 4, 1);
    assert.deepEqual(areas.map((area) => area.cells).sort(), [1, 2, 3]);
  });

  it('counts a tile as black only when nearly all its pixels are', () => {
    const tile = THRESHOLDS.tilePx;
    const halfBlack = page({x: 0, y: 0, w: tile, h: Math.ceil(tile / 2), rgb: [0, 0, 0]});
    assert.equal(blackTiles(halfBlack, tile, 0.95, 32).black[0], 0);
    const allBlack = page({x: 0, y: 0, w: tile, h: tile, rgb: [10, 10, 10]});
    assert.equal(blackTiles(allBlack, tile, 0.95, 32).black[0], 1);
  });

  it('measures ink in the right margin strip but not in the header and footer bands', () => {
    const inMargin = summarizeRaster(0, page({x: 400, y: 300, w: 6, h: 10, rgb: [40, 40, 40]}), DPI, MARGIN);
    assert.equal(inMargin.marginInk, 60);
    const inHeader = summarizeRaster(0, page({x: 400, y: 10, w: 6, h: 10, rgb: [40, 40, 40]}), DPI, MARGIN);
    assert.equal(inHeader.marginInk, 0);
  });

  it('measures where the ink ends and whether a box fills the text area from its top to its bottom', () => {
    // At 50 dpi the text area runs from y 33 to 552.
    const text = summarizeRaster(0, page({x: 40, y: 33, w: 300, h: 117, rgb: [30, 30, 30]}), DPI, MARGIN);
    assert.ok(Math.abs(text.inkBottom - 117 / 519) < 0.01, String(text.inkBottom));
    assert.equal(text.boxToBottom, 0);
    const light: [number, number, number] = [238, 243, 253];
    const filled = summarizeRaster(
      0,
      page({x: 30, y: 35, w: 300, h: 517, rgb: light}, {x: 30, y: 35, w: 3, h: 517, rgb: [53, 120, 229]}),
      DPI,
      MARGIN,
    );
    assert.ok(filled.boxToBottom > THRESHOLDS.fillingBoxShare, String(filled.boxToBottom));
    const ending = summarizeRaster(0, page({x: 30, y: 35, w: 300, h: 400, rgb: light}), DPI, MARGIN);
    assert.equal(ending.boxToBottom, 0);
  });

  it('tells a blank content box and a dark one', () => {
    assert.equal(summarizeRaster(0, page(), DPI, MARGIN).contentInk, 0);
    const dark = summarizeRaster(0, page({x: 0, y: 0, w: 414, h: 585, rgb: hex('1b1b1d')}), DPI, MARGIN);
    assert.ok(dark.darkShare > 0.99);
  });

  it('tells prose on a dark background (dark mode) from code blocks in a dark theme', () => {
    // Points to pixels: 50/72. A line of 12 pt prose at y 700 and one of code at y 500 (PDF points, y up).
    const text = (str: string, y: number, mono: boolean): TextItem => ({
      str,
      x0: 60,
      x1: 400,
      baseline: y,
      top: y + 9,
      bottom: y - 2.4,
      size: 12,
      rotated: false,
      mono,
    });
    const px = (pt: number) => Math.round((pt * 50) / 72);
    const lineBox = (y: number, rgb: [number, number, number]) => ({x: px(60), y: px(842 - y - 9), w: px(340), h: px(11.4), rgb});
    const items = [text('A paragraph of prose', 700, false), text('queue.add(job)', 500, true)];
    const codePage = summarizeRaster(
      0,
      page({x: 40, y: 60, w: 330, h: 480, rgb: hex('292d3e')}, lineBox(700, [255, 255, 255]), {...lineBox(700, [40, 40, 40]), h: 2}),
      DPI,
      MARGIN,
    );
    assert.ok(codePage.darkGrid, 'a mostly dark page keeps where it is dark');
    const onCode = proseOnDark(items, codePage.darkGrid!, (item) => !item.mono);
    assert.deepEqual(onCode, {prose: 20, onDark: 0});
    assert.equal(isDarkPage(onCode), false);
    const darkMode = summarizeRaster(0, page({x: 0, y: 0, w: 414, h: 585, rgb: hex('242526')}), DPI, MARGIN);
    assert.equal(isDarkPage(proseOnDark(items, darkMode.darkGrid!, (item) => !item.mono)), true);
    assert.equal(summarizeRaster(0, page(), DPI, MARGIN).darkGrid, undefined, 'a light page keeps none');
  });

  it('leaves out a black area that a raster image covers', () => {
    const area = {x0: 100, y0: 100, x1: 200, y1: 150};
    assert.equal(imageCover(area, [{x0: 90, y0: 90, x1: 210, y1: 160}]), 1);
    assert.equal(imageCover(area, [{x0: 300, y0: 300, x1: 400, y1: 400}]), 0);
  });

  it('reads PNM images that pdftoppm writes one after another, split anywhere', () => {
    const image = (magic: string, width: number, height: number, fill: number) =>
      Buffer.concat([Buffer.from(`${magic}\n${width} ${height}\n255\n`), Buffer.alloc(width * height * (magic === 'P6' ? 3 : 1), fill)]);
    const stream = Buffer.concat([image('P6', 3, 2, 7), image('P5', 4, 1, 9)]);
    const rasters: Raster[] = [];
    const reader = new PnmStream((raster) => rasters.push(raster));
    for (let at = 0; at < stream.length; at += 5) reader.push(stream.subarray(at, at + 5));
    assert.deepEqual(
      rasters.map((raster) => [raster.width, raster.height, raster.channels, raster.data[0]]),
      [
        [3, 2, 3, 7],
        [4, 1, 1, 9],
      ],
    );
    assert.equal(reader.pending, 0);
  });
});
