import type {Page} from 'puppeteer-core';
import {markFigures, shrinkFigures, type PartFigure} from './page/figures';
import {FIGURE_MARKER_PREFIX} from '../shared/markers';
import {readPart} from '../shared/pdf-part';

/** A figure is never made smaller than this share of its size to stay on a page: below it, it moves. */
const MIN_SCALE = 0.5;
/** Room kept free under a shrunk figure, in CSS px, for rounding in Chromium's layout. */
const SAFETY_PX = 8;

/**
 * Keeps large figures from leaving pages blank. A diagram or image that does
 * not fit under the text before it moves to the next page whole, and can leave
 * most of a page empty. After a part is printed, each large figure's marker
 * tells where the content before it ended; a figure that moved although more
 * than a third of the page was free is shrunk to fit that space (never below
 * half its size), and the part is printed again.
 */
export class FigureFit {
  readonly #contentHeight: number;
  readonly #marginTop: number;
  readonly #anchorPrefix: string;
  readonly #log: (line: string) => void;
  #figures: PartFigure[] = [];
  readonly #shrunk = new Set<string>();

  constructor(options: {
    /** Height of the page's text area, CSS px. */
    contentHeight: number;
    /** Top margin of the page, CSS px. */
    marginTop: number;
    /** URL prefix of the anchor links (shared/pdf-part.ts). */
    anchorPrefix: string;
    log: (line: string) => void;
  }) {
    this.#log = options.log;
    this.#contentHeight = options.contentHeight;
    this.#marginTop = options.marginTop;
    this.#anchorPrefix = options.anchorPrefix;
  }

  /** Marks the part's figures tall enough to leave a third of a page blank. */
  async mark(page: Page): Promise<void> {
    this.#figures = await page.evaluate(markFigures, {minHeight: this.#contentHeight / 4, anchorPrefix: this.#anchorPrefix});
  }

  /** Shrinks the figures the printed part shows moved needlessly; true when the part must be printed again. */
  async revise(page: Page, printed: Uint8Array): Promise<boolean> {
    if (this.#figures.length === 0) return false;
    const part = await readPart(printed, {anchorPrefix: this.#anchorPrefix});
    const pageHeight = part.document.getPage(0).getHeight();
    const heights: Record<string, number> = {};
    for (const figure of this.#figures) {
      const destination = part.destinations.get(figure.marker);
      if (!destination || this.#shrunk.has(figure.marker)) continue;
      // Points from the page's bottom edge; the text area starts under the top margin.
      const used = pageHeight - destination.y - (this.#marginTop * 72) / 96;
      const room = this.#contentHeight - (used * 96) / 72;
      if (figure.group <= room || room < this.#contentHeight / 3) continue;
      const height = figure.height - (figure.group - room) - SAFETY_PX;
      if (height < figure.height * MIN_SCALE) continue;
      heights[figure.marker.slice(FIGURE_MARKER_PREFIX.length)] = height;
      this.#shrunk.add(figure.marker);
    }
    if (Object.keys(heights).length === 0) return false;
    await page.evaluate(shrinkFigures, heights);
    this.#log(`shrank ${Object.keys(heights).length} figure(s) that would have left a page a third empty; printing the part again`);
    return true;
  }
}
