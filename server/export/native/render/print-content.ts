import type {Page, PDFOptions} from 'puppeteer-core';
import {MIN_DIAGRAM_TEXT_PT, MIN_DIAGRAM_TEXT_PX} from './diagram-text';
import {FigureFit} from './figure-fit';
import {
  dropEmptyBoxes,
  fitBookPart,
  keepTextInside,
  settleBookPart,
  unclipScrollBoxes,
  unclipTruncatedText,
  unfoldCollapsedBoxes,
} from './page/book-part';
import {keepRowItemsWhole, letTallBoxesBreak, trimChapterEnds} from './page/page-breaks';
import {linkBookPart, placeAnchors} from './page/book-links';
import {flowOverlaidText, liftVeils} from './page/overlays';
import {turnWideDiagrams} from './page/turned-diagrams';
import {partHrefs, type BookLinks} from './part-hrefs';
import {ANCHOR} from '../shared/markers';
import {printPart} from '../shared/print-part';
import type {PrintTabs} from '../shared/print-tabs';

/** Logs what a transform changed, by kind ("div.loading ×2, ul ×1"), when it changed anything. */
function logKinds(log: (line: string) => void, what: string, counts: Record<string, number>): void {
  const kinds = Object.entries(counts).map(([kind, count]) => `${kind} ×${count}`);
  if (kinds.length > 0) log(`${what}: ${kinds.join(', ')}`);
}

const ASSET_TIMEOUT_MS = 15_000;
/** Font sizes a table wider than the text tries, before it is scaled down as a whole. */
const TABLE_FONT_SCALES = [0.9, 0.8, 0.7];
/** Pages side by side a diagram turned sideways may be cut across, to print its labels large enough. */
const TURNED_PAGES = 4;
/** An empty box at least this tall (CSS px) is left out: a line's worth of blank is layout, more is a missing widget. */
const EMPTY_BOX_MIN_HEIGHT = 48;

export type PartPrinting = {
  origin: string;
  pdf: PDFOptions;
  /** The page's text area, CSS px. */
  box: {width: number; height: number};
  marginTop: number;
  /** What pointing the part's links inside the book takes. */
  links: BookLinks;
  log: (line: string) => void;
};

/** Waits for a part's stylesheets, fonts and images, logging what never loaded. */
export async function settle(page: Page, log: (line: string) => void): Promise<void> {
  for (const warning of await page.evaluate(settleBookPart, ASSET_TIMEOUT_MS)) log(warning);
}

/** Prints a cover or a TOC: one document whose stylesheets, fonts and images are waited for. */
export function printFrontMatter(
  tabs: PrintTabs,
  html: string,
  printing: Pick<PartPrinting, 'origin' | 'pdf' | 'box' | 'log'>,
): Promise<Uint8Array> {
  return printPart(tabs, {
    origin: printing.origin,
    html,
    pdf: printing.pdf,
    layoutWidth: printing.box.width,
    prepare: (page) => settle(page, printing.log),
  });
}

/**
 * Prints one part of the book's content: links pointed inside the book,
 * anchors placed at every target, assets loaded, what is too wide fitted to
 * the text width, and large figures kept from leaving pages blank (figure-fit.ts).
 */
export function printContentPart(tabs: PrintTabs, html: string, printing: PartPrinting): Promise<Uint8Array> {
  const figures = new FigureFit({
    contentHeight: printing.box.height,
    marginTop: printing.marginTop,
    anchorPrefix: ANCHOR,
    minTextPx: MIN_DIAGRAM_TEXT_PX,
    log: printing.log,
  });
  return printPart(tabs, {
    origin: printing.origin,
    html,
    pdf: printing.pdf,
    layoutWidth: printing.box.width,
    prepare: async (page) => {
      const unlinked = await page.evaluate(linkBookPart, partHrefs(html, printing.links));
      if (unlinked.length > 0) printing.log(`links left as captured, not found in the part's HTML: ${unlinked.slice(0, 5).join(', ')}`);
      await settle(page, printing.log);
      logKinds(
        printing.log,
        'left out boxes laid over text, which a script takes away on screen (a loading screen)',
        await page.evaluate(liftVeils),
      );
      logKinds(printing.log, 'laid out in the flow text positioned over other text', await page.evaluate(flowOverlaidText));
      logKinds(
        printing.log,
        "left out boxes that would print empty (a widget's frame that nothing fills in the book)",
        await page.evaluate(dropEmptyBoxes, EMPTY_BOX_MIN_HEIGHT),
      );
      logKinds(printing.log, 'printed open what boxes folded shut to no height hold', await page.evaluate(unfoldCollapsedBoxes));
      logKinds(printing.log, 'printed whole what boxes of a fixed height scroll through on screen', await page.evaluate(unclipScrollBoxes));
      logKinds(printing.log, 'printed whole the text the site cuts short with an ellipsis', await page.evaluate(unclipTruncatedText));
      logKinds(
        printing.log,
        "brought inside the text's edges what a negative margin pulled past them",
        await page.evaluate(keepTextInside),
      );
      await page.evaluate(placeAnchors, ANCHOR);
      const fitted = await page.evaluate(fitBookPart, {fontScales: TABLE_FONT_SCALES, keepTogetherBelow: printing.box.height / 3});
      for (const table of fitted.smallerFont) printing.log(`fitted to the page: ${table}`);
      for (const equation of fitted.brokenEquations) printing.log(`fitted to the page: ${equation} broken at its operators`);
      for (const block of fitted.scaled) printing.log(`fitted to the page: ${block}`);
      const diagrams = await page.evaluate(turnWideDiagrams, {...printing.box, minTextPx: MIN_DIAGRAM_TEXT_PX, maxPages: TURNED_PAGES});
      for (const {name, pages} of diagrams.turned) {
        printing.log(
          `turned sideways on ${pages === 1 ? 'a page' : `${pages} pages`} of its own, its labels too small across the page: ${name}`,
        );
      }
      for (const {name, rows} of diagrams.rows)
        printing.log(`cut into ${rows} rows one under the other, too long for the page or a strip: ${name}`);
      for (const diagram of diagrams.enlarged) printing.log(`enlarged until its labels print at ${MIN_DIAGRAM_TEXT_PT} pt: ${diagram}`);
      for (const diagram of diagrams.small) printing.log(`labels under ${MIN_DIAGRAM_TEXT_PT} pt however it is turned: ${diagram}`);
      await page.evaluate(keepRowItemsWhole, printing.box.height / 2);
      logKinds(
        printing.log,
        'let break across pages boxes taller than a page that asked to stay whole',
        await page.evaluate(letTallBoxesBreak, printing.box.height),
      );
      await page.evaluate(trimChapterEnds);
      await figures.mark(page);
      await figures.fit(page, printing.pdf);
    },
  });
}
