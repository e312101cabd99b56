// Runs inside Chromium on a copy of a page's content (see page-lib.ts): never import here.

/**
 * A diagram prints at the width the site draws it, shrunk only to fit the text: never enlarged.
 * Mermaid (and other SVG charts) write a width of 100% with the drawing's own width as an inline
 * `max-width`; the book's rule that fits a percentage-wide SVG to the text width
 * (assemble/book-css.ts) overrides that cap, and a two-entity ER diagram 380 px wide filled a
 * whole page with labels twice the body text's size. The cap is kept, within the text width.
 */
export function keepDrawnWidths(root: Element): void {
  for (const svg of root.querySelectorAll<SVGSVGElement>('svg[width$="%"]')) {
    const drawn = /^\s*(\d+(?:\.\d+)?)px\s*$/.exec(svg.style.maxWidth)?.[1];
    if (drawn) svg.style.setProperty('max-width', `min(100%, ${drawn}px)`, 'important');
  }
}
