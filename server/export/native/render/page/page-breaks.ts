// Run inside Chromium by puppeteer in a book part before it prints: serialized
// with Function.prototype.toString, so each function is self-contained.
// Where pages break: what stays whole, what may break, and what ends a chapter.

/**
 * Keeps the items of a grid or of a flex row (cards side by side) whole on
 * one page when they are shorter than `maxHeight` px: split at a page break,
 * an item stretched to its row's height keeps that height on the first page
 * and clips what moved to the next one (a card printed as its title without
 * its text). Returns how many items it kept whole.
 */
export function keepRowItemsWhole(maxHeight: number): number {
  let kept = 0;
  for (const row of document.querySelectorAll<HTMLElement>('.export-pdf-chapter article *')) {
    if (row.childElementCount < 2) continue;
    const style = getComputedStyle(row);
    if (!/grid/.test(style.display) && !(/flex/.test(style.display) && style.flexDirection.startsWith('row'))) continue;
    for (const item of row.children as HTMLCollectionOf<HTMLElement>) {
      if (item.getBoundingClientRect().height >= maxHeight || getComputedStyle(item).display === 'contents') continue;
      item.style.breakInside = 'avoid';
      kept++;
    }
  }
  return kept;
}

/**
 * Lets a box taller than `maxHeight` px (the page's text height) break across pages although it
 * asks to stay whole (`break-inside: avoid`: an admonition, a figure, a site's own print rule):
 * Chromium moves such a box to the next page, leaving the rest of this one blank, and breaks it
 * there anyway. A box that fits is kept whole. Returns how many it let break, by kind (element
 * and first class).
 */
export function letTallBoxesBreak(maxHeight: number): Record<string, number> {
  const released: Record<string, number> = {};
  for (const box of document.querySelectorAll<HTMLElement>('.export-pdf-chapter *')) {
    if (box.closest('svg') || !/avoid/.test(getComputedStyle(box).breakInside)) continue;
    if (box.getBoundingClientRect().height <= maxHeight) continue;
    box.style.setProperty('break-inside', 'auto', 'important');
    const kind = `${box.tagName.toLowerCase()}${box.classList[0] ? `.${box.classList[0]}` : ''}`;
    released[kind] = (released[kind] ?? 0) + 1;
  }
  return released;
}

/**
 * Each chapter starts a page, so nothing after its last line is worth a page
 * of its own: a bottom margin or padding left over when that line ends at the
 * foot of a page would print as a blank page. The chain of last elements of
 * each chapter loses its bottom margin, and its bottom padding where no border
 * or background shows it. Trailing elements that print nothing (a footer
 * emptied of its pagination, which keeps its top margin) are left out, and the
 * chain goes on from the last element that prints. Returns how many elements
 * it changed.
 */
export function trimChapterEnds(): number {
  let trimmed = 0;
  const printsNothing = (element: Element) =>
    element.getBoundingClientRect().height === 0 &&
    getComputedStyle(element).display !== 'contents' &&
    element.textContent!.trim() === '' &&
    !element.querySelector('img, svg, video, canvas, iframe, a.export-pdf-at');
  for (const chapter of document.querySelectorAll<HTMLElement>('.export-pdf-chapter')) {
    let element: HTMLElement | null = chapter;
    while (element) {
      const style = getComputedStyle(element);
      const drawn = style.borderBottomStyle !== 'none' || style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.backgroundImage !== 'none';
      if (style.marginBottom !== '0px' || (!drawn && style.paddingBottom !== '0px')) trimmed++;
      element.style.setProperty('margin-bottom', '0', 'important');
      if (!drawn) element.style.setProperty('padding-bottom', '0', 'important');
      let last = element.lastElementChild as HTMLElement | null;
      while (last && printsNothing(last)) {
        last.style.setProperty('display', 'none', 'important');
        trimmed++;
        last = last.previousElementSibling as HTMLElement | null;
      }
      element = last;
    }
  }
  return trimmed;
}
