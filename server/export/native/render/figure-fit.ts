import type {PDFOptions, Page} from 'puppeteer-core';
import {endFigureProbe, markFigures, shrinkFigures, startFigureProbe, type PartFigure} from './page/figures';
import {FIGURE_MARKER_PREFIX} from '../shared/markers';
import {readPartFacts} from '../shared/part-facts';

/** A figure is never made smaller than this share of its size to stay on a page: below it, it moves. */
const MIN_SCALE = 0.5;
/** Room kept free under a shrunk figure, in CSS px, for rounding in Chromium's layout. */
const SAFETY_PX = 8;
/** Probe prints a part gets at most: a second one looks at what the first shrinking moved. */
const PROBES = 2;

/**
 * Keeps large figures from leaving pages blank. A diagram or image that does
 * not fit under the text before it moves to the next page whole, and can leave
 * most of a page empty. Before a part prints, probe prints show where the
 * content before each large figure ends (its marker); a figure that moved
 * although more than a third of the page was free is shrunk to fit that space
 * (never below half its size).
 *
 * A probe is a fraction of a print: untagged, without backgrounds, nothing
 * painted but the markers, and no chapter after the last figure in question.
 * The part itself is then printed once (it was printed once per round, tagged,
 * and read back whole).
 */
export class FigureFit {
  readonly #contentHeight: number;
  readonly #marginTop: number;
  readonly #anchorPrefix: string;
  readonly #log: (line: string) => void;
  readonly #minTextPx: number;
  #figures: PartFigure[] = [];
  readonly #shrunk = new Set<PartFigure>();

  constructor(options: {
    /** Height of the page's text area, CSS px. */
    contentHeight: number;
    /** Top margin of the page, CSS px. */
    marginTop: number;
    /** URL prefix of the anchor links (shared/pdf-part.ts). */
    anchorPrefix: string;
    /** A diagram's labels are not shrunk below this size, CSS px. */
    minTextPx: number;
    log: (line: string) => void;
  }) {
    this.#minTextPx = options.minTextPx;
    this.#log = options.log;
    this.#contentHeight = options.contentHeight;
    this.#marginTop = options.marginTop;
    this.#anchorPrefix = options.anchorPrefix;
  }

  /** Marks the part's figures tall enough to leave a third of a page blank. */
  async mark(page: Page): Promise<void> {
    this.#figures = await page.evaluate(markFigures, {minHeight: this.#contentHeight / 4, anchorPrefix: this.#anchorPrefix});
  }

  /** Shrinks the marked figures that would move needlessly, as printed with `pdf`. */
  async fit(page: Page, pdf: PDFOptions): Promise<void> {
    // A shrunk figure moves only what follows it: the figures before it keep their places.
    let open = this.#figures;
    for (let probe = 0; probe < PROBES && open.length > 0; probe++) {
      await page.evaluate(startFigureProbe, this.#figures.indexOf(open[open.length - 1]!));
      let printed: Uint8Array;
      try {
        printed = await page.pdf({...pdf, tagged: false, outline: false, printBackground: false, timeout: 0});
      } finally {
        await page.evaluate(endFigureProbe);
      }
      const shrunk = await this.#shrinkMoved(page, printed, open);
      if (shrunk.length === 0) return;
      open = this.#figures.slice(this.#figures.indexOf(shrunk[0]!) + 1).filter((figure) => !this.#shrunk.has(figure));
    }
  }

  /** Shrinks the figures of `open` that the probe shows moved needlessly; returns them in part order. */
  async #shrinkMoved(page: Page, printed: Uint8Array, open: PartFigure[]): Promise<PartFigure[]> {
    const part = await readPartFacts(printed, {anchorPrefix: this.#anchorPrefix});
    const pageHeight = part.firstPageHeight;
    const heights: Record<string, number> = {};
    const shrunk: PartFigure[] = [];
    for (const figure of open) {
      const destination = part.destinations.get(figure.marker);
      if (!destination) continue;
      // Points from the page's bottom edge; the text area starts under the top margin.
      const used = pageHeight - destination.y - (this.#marginTop * 72) / 96;
      const room = this.#contentHeight - (used * 96) / 72;
      if (figure.group <= room) continue;
      // A diagram's labels never shrink below the smallest size read in print: it moves instead.
      const labels = figure.textPx ? this.#minTextPx / figure.textPx : 0;
      const smallest = figure.height * Math.max(MIN_SCALE, labels);
      // Fitted to the room left on its page; else, when the group is taller than any page (a
      // heading over a figure as tall as the text), to the page it moves to, or its heading
      // would stay behind alone.
      const targets = [room >= this.#contentHeight / 3 ? room : 0, figure.group > this.#contentHeight ? this.#contentHeight : 0];
      const height = targets
        .map((target) => figure.height - (figure.group - target) - SAFETY_PX)
        .find((candidate) => candidate >= smallest);
      if (height === undefined) continue;
      heights[figure.marker.slice(FIGURE_MARKER_PREFIX.length)] = height;
      this.#shrunk.add(figure);
      shrunk.push(figure);
    }
    if (shrunk.length > 0) {
      await page.evaluate(shrinkFigures, heights);
      this.#log(`shrank ${shrunk.length} figure(s) that would have left a page a third empty`);
    }
    return shrunk;
  }
}
