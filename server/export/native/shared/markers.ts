// Names the phases agree on: assemble and render write them into the parts, merge reads them back.

/** Stands for "a destination in this book" in link URLs until the merge resolves it. */
export const MARKER = 'https://docusaurus-export-pdf.invalid/dest/';

/** Stands for "this target printed here" in the 1 px anchor links (render/page/book-links.ts placeAnchors). */
export const ANCHOR = 'https://docusaurus-export-pdf.invalid/at/';

/** Id of the TOC's destination in the book. */
export const TOC_TARGET = 'export-pdf-toc';

/** Named destinations the figure markers add to a part (render/figure-fit.ts). */
export const FIGURE_MARKER_PREFIX = 'export-pdf-figure-';

/** True for a figure marker's destination: it is not the book's. */
export function isFigureMarker(name: string): boolean {
  return name.startsWith(FIGURE_MARKER_PREFIX);
}
