// Runs inside Chromium on a laid-out book part (see print-content.ts): never import here.

/**
 * Lifts veils off text: a box laid over content that has no text of its own, paints a background
 * or holds a picture, and is on top where it overlaps the part's text, prints nothing. On screen
 * such a box is a loading screen a script takes away once a demo frame reports it is ready (a
 * playground's preview), or a "click to play" cover; in the book the frame is a line linking to
 * the demo, and the veil, which nothing takes away there, hid that line under an empty box with a
 * spinner. Returns how many it lifted, by kind (element and first class).
 */
export function liftVeils(): Record<string, number> {
  const lifted: Record<string, number> = {};
  const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  // What hides or draws over the text: a background, or a picture (a spinner) on a clear veil.
  const paints = (veil: HTMLElement, style: CSSStyleDeclaration) =>
    style.backgroundImage !== 'none' ||
    !/^(transparent|rgba\(.*,\s*0\))$/.test(style.backgroundColor) ||
    veil.querySelector('svg, img, canvas, video') !== null;
  const range = document.createRange();
  for (const veil of document.querySelectorAll<HTMLElement>('.export-pdf-chapter article *')) {
    if (veil.closest('svg') || veil.textContent!.trim() !== '') continue;
    const style = getComputedStyle(veil);
    if (style.position !== 'absolute' && style.position !== 'fixed') continue;
    if (style.display === 'none' || style.visibility === 'hidden' || !paints(veil, style)) continue;
    let box = veil.getBoundingClientRect();
    if (box.width < 16 || box.height < 16) continue;
    const holder = veil.offsetParent ?? veil.parentElement;
    if (!holder) continue;
    const texts = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
    let covers = false;
    while (!covers && texts.nextNode()) {
      const text = texts.currentNode;
      if (!text.textContent!.trim() || veil.contains(text)) continue;
      range.selectNodeContents(text);
      for (const line of range.getClientRects()) {
        if (!overlap(line, box)) continue;
        // On top where they meet, as the page paints it: a box under the text (a highlight, a
        // card's backdrop) stays.
        scrollTo(0, scrollY + line.top - innerHeight / 2);
        const moved = range.getClientRects();
        box = veil.getBoundingClientRect();
        const seen = [...moved].find((rect) => overlap(rect, box));
        if (!seen) continue;
        const x = (Math.max(seen.left, box.left) + Math.min(seen.right, box.right)) / 2;
        const y = (Math.max(seen.top, box.top) + Math.min(seen.bottom, box.bottom)) / 2;
        const hit = document.elementFromPoint(x, y);
        if (hit && veil.contains(hit)) covers = true;
        break;
      }
    }
    if (!covers) continue;
    veil.style.setProperty('display', 'none', 'important');
    const kind = `${veil.tagName.toLowerCase()}${veil.classList[0] ? `.${veil.classList[0]}` : ''}`;
    lifted[kind] = (lifted[kind] ?? 0) + 1;
  }
  scrollTo(0, 0);
  return lifted;
}

/**
 * Text laid over other text moves into the flow: an element with text of its own, positioned
 * absolutely, whose lines overlap the part's other text is laid out where it stands in the
 * page (`position: static`). A site places such a label in room its own layout leaves (Ionic's
 * "SHADOW" pill at the top of the article, above a title with an 80 px top margin); the book
 * lays chapters out its own way (a chapter's title at the top of its page), and there the pill
 * printed across the title. Returns how many it moved, by kind (element and first class).
 */
export function flowOverlaidText(): Record<string, number> {
  const moved: Record<string, number> = {};
  const overlap = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const linesOf = (node: Node, range: Range) => {
    range.selectNodeContents(node);
    return [...range.getClientRects()];
  };
  const range = document.createRange();
  // Drawings lay their labels out by position on purpose: SVG (Mermaid's HTML labels too) and KaTeX.
  const DRAWN = 'svg, math, .katex';
  for (const label of document.querySelectorAll<HTMLElement>('.export-pdf-chapter article *')) {
    if (label.closest(DRAWN) || !label.textContent!.trim()) continue;
    const style = getComputedStyle(label);
    if (style.position !== 'absolute' || style.display === 'none' || style.visibility === 'hidden') continue;
    const holder = label.offsetParent ?? label.parentElement;
    if (!holder) continue;
    const own: DOMRect[] = [];
    const others: DOMRect[] = [];
    const texts = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
    while (texts.nextNode()) {
      const text = texts.currentNode;
      if (!text.textContent!.trim() || text.parentElement?.closest(DRAWN)) continue;
      (label.contains(text) ? own : others).push(...linesOf(text, range));
    }
    if (!own.some((line) => others.some((other) => overlap(line, other)))) continue;
    label.style.setProperty('position', 'static', 'important');
    const kind = `${label.tagName.toLowerCase()}${label.classList[0] ? `.${label.classList[0]}` : ''}`;
    moved[kind] = (moved[kind] ?? 0) + 1;
  }
  return moved;
}
