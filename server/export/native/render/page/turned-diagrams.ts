// Run inside Chromium by puppeteer in a book part (see ../print-content.ts): serialized with
// Function.prototype.toString, so each function is self-contained.

/** What turnWideDiagrams did: the diagrams it turned (over how many pages) and those whose text stays small, each named by its first labels. */
export type TurnedDiagrams = {
  turned: Array<{name: string; pages: number}>;
  rows: Array<{name: string; rows: number}>;
  enlarged: string[];
  small: string[];
};

/**
 * Turns sideways, on pages of their own, the diagrams whose text the text width shrinks below
 * `minTextPx`: along the page's height a wide diagram prints up to 1.4 times larger, never
 * larger than the site draws it unless its labels need it. A flowchart drawn 1,750 px wide has its 16 px labels at 6.4 px
 * across a 703 px text width (4.8 pt); turned, at 9 px (6.9 pt). A diagram also too tall for
 * that (a decision tree 1,972 × 2,344 px, whose labels are 4.3 pt at the text width) is turned
 * and cut across several pages side by side, each label printed once, on the page holding its
 * middle. A diagram the site draws with labels under `minTextPx` is enlarged in place to that
 * size where it fits across the page (named in `enlarged`), else turned. One longer than a
 * page even turned (a chain 3,000 px wide and 300 px tall) is cut upright into rows, one under
 * the other (named in `rows`). A diagram that turning
 * would not make larger is left as it is, named in `small`. The heading right above a turned
 * diagram goes to its first page with it.
 */
export function turnWideDiagrams(options: {width: number; height: number; minTextPx: number; maxPages: number}): TurnedDiagrams {
  const result: TurnedDiagrams = {turned: [], rows: [], enlarged: [], small: []};
  const svgs = document.querySelectorAll<SVGSVGElement>(
    '.export-pdf-chapter .docusaurus-mermaid-container > svg, .export-pdf-chapter .markdown svg',
  );
  // Label elements: SVG text, and the foreignObject that holds an HTML label.
  const labelsOf = (svg: SVGSVGElement) =>
    [...svg.querySelectorAll<SVGElement>('text, foreignObject')].filter(
      (element) => !element.parentElement?.closest('text') && (element.textContent ?? '').trim() !== '',
    );
  const across = options.width - 8;
  // A diagram cut into pieces (pages side by side, rows): each label prints in the piece that
  // holds its middle, hidden in the others, so it is once in the text.
  const printLabelsOnce = (pieces: HTMLElement[]) => {
    for (const piece of pieces) {
      const edge = piece.getBoundingClientRect();
      for (const label of labelsOf(piece.querySelector('svg')!)) {
        const rect = label.getBoundingClientRect();
        const middle = (rect.left + rect.right) / 2 - edge.left;
        if (middle < 0 || middle >= edge.width) label.style.setProperty('visibility', 'hidden', 'important');
      }
    }
  };
  for (const svg of new Set(svgs)) {
    if (svg.closest('table, .export-pdf-turned, .export-pdf-rows') || svg.parentElement?.closest('svg')) continue;
    const box = svg.viewBox.baseVal;
    if (!box || box.width <= 0 || box.height <= 0) continue;
    const labels = labelsOf(svg);
    // Label sizes in the drawing's own units.
    let smallest = Infinity;
    for (const label of labels) {
      for (const element of [label, ...label.querySelectorAll('*')]) {
        const own = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
        if (own) smallest = Math.min(smallest, Number.parseFloat(getComputedStyle(element).fontSize) || Infinity);
      }
    }
    if (!Number.isFinite(smallest)) continue;
    // Read by markFigures (figures.ts): a figure is never shrunk past the size its labels allow.
    svg.setAttribute('data-export-pdf-label', String(smallest));
    // The drawing's scale: a height cap (max-height) leaves the width, and the drawing shrinks inside it.
    const drawnBox = svg.getBoundingClientRect();
    const now = Math.min(drawnBox.width / box.width, drawnBox.height / box.height);
    if (now <= 0 || smallest * now >= options.minTextPx) continue;
    const name = labels
      .map((label) => (label.textContent ?? '').replace(/\s+/g, ' ').trim())
      .join(' · ')
      .slice(0, 48);
    // The site's drawn width (keepDrawnWidths left it as the max-width's px), else the viewBox's.
    const drawn = Number(/(\d+(?:\.\d+)?)px/.exec(svg.style.maxWidth)?.[1] ?? box.width);
    // The scale its labels need (2 % above, for rounding). A drawing whose own labels are smaller
    // than that at the size the site draws it is enlarged just that much: paper cannot be zoomed.
    const readable = (options.minTextPx * 1.02) / smallest;
    const largest = Math.max(drawn / box.width, readable);
    const block = (svg.closest('.docusaurus-mermaid-container') as HTMLElement | null) ?? svg;
    const sizeDrawing = (width: number, height: number) => {
      for (const [property, value] of [
        ['width', `${width}px`],
        ['height', `${height}px`],
        ['max-width', 'none'],
        ['max-height', 'none'],
      ]) {
        svg.style.setProperty(property!, value!, 'important');
      }
    };
    if (box.width * readable <= across && box.height * readable <= options.height - 32) {
      sizeDrawing(box.width * readable, box.height * readable);
      result.enlarged.push(name);
      continue;
    }
    const before = (block.parentElement?.matches('p') && block.parentElement.children.length === 1 ? block.parentElement : block)
      .previousElementSibling as HTMLElement | null;
    const heading = before && /^H[2-6]$/.test(before.tagName) ? before : null;
    const margins = heading ? getComputedStyle(heading) : undefined;
    const headingHeight = heading
      ? heading.getBoundingClientRect().height + Number.parseFloat(margins!.marginTop) + Number.parseFloat(margins!.marginBottom)
      : 0;
    const long = options.height - headingHeight - 8;
    const single = Math.min(largest, long / box.width, across / box.height);
    // Cut, it prints no larger than its labels need: the fewest pages.
    const cut = Math.min(largest, long / box.width, Math.max(readable, single));
    const pages = Math.ceil((box.height * cut) / across);
    // Longer than a page even turned (a chain or timeline of 3,000 px), or a strip at least 8 times
    // as wide as it is tall (a chain of boxes, read in rows as text is, where turned it left most
    // of the page before it blank): cut upright into rows one under the other, each the text
    // width, at the size its labels need.
    const rows = Math.ceil((box.width * readable) / across) + 1;
    const rowHeight = box.height * readable;
    const strip = box.width >= 8 * box.height;
    if (
      (strip || (single * smallest < options.minTextPx && cut < readable * 0.99)) &&
      rowHeight <= options.height - 32 &&
      rows * rowHeight <= options.maxPages * options.height
    ) {
      const length = box.width * readable;
      sizeDrawing(length, rowHeight);
      // Each row ends before the first label its edge would cut (the edge moves left, never by
      // more than half a row), so no label is cut in two.
      const origin = svg.getBoundingClientRect().left;
      const spans = labelsOf(svg).map((label) => {
        const rect = label.getBoundingClientRect();
        return [rect.left - origin, rect.right - origin] as const;
      });
      const starts = [0];
      while (starts.at(-1)! + across < length) {
        const start = starts.at(-1)!;
        let end = start + across;
        for (let moved = 0; moved < 8; moved++) {
          const crossed = spans.filter(([left, right]) => left < end && right > end && left > start + across / 2);
          if (crossed.length === 0) break;
          end = Math.min(...crossed.map(([left]) => left)) - 2;
        }
        starts.push(end);
      }
      const strips: HTMLElement[] = [];
      starts.forEach((start, row) => {
        const strip = document.createElement('div');
        strip.className = 'export-pdf-rows';
        const width = Math.min(across, (starts[row + 1] ?? length) - start);
        strip.style.cssText = `position: relative; overflow: hidden; width: ${width}px; height: ${Math.ceil(rowHeight)}px; margin: 0 0 0.75rem; break-inside: avoid;`;
        const drawing = row === 0 ? block : (block.cloneNode(true) as HTMLElement);
        if (row === 0) block.before(strip);
        else strips.at(-1)!.after(strip);
        strip.append(drawing);
        drawing.style.cssText += `position: absolute; left: ${-start}px; top: 0; margin: 0; width: ${length}px; height: ${rowHeight}px; max-width: none;`;
        strips.push(strip);
      });
      printLabelsOnce(strips);
      result.rows.push({name, rows: strips.length});
      continue;
    }
    let scale = single;
    let count = 1;
    if (single * smallest < options.minTextPx && pages <= options.maxPages && cut > Math.max(single, now) * 1.05) {
      scale = cut;
      count = pages;
    }
    if (scale <= now * 1.05) {
      result.small.push(name);
      continue;
    }
    if (smallest * scale < options.minTextPx - 0.1) result.small.push(name);
    const [width, height] = [box.width * scale, box.height * scale];
    sizeDrawing(width, height);
    if (heading) heading.style.setProperty('break-before', 'page', 'important');
    // Turned a quarter to the left about its top left corner, then moved down by its width: the
    // drawing's top faces the page's left edge, its first column of pages holds its top.
    const place = (element: HTMLElement | SVGSVGElement, page: number) => {
      const left = count === 1 ? (options.width - height) / 2 : 4 - page * across;
      element.style.cssText += `position: absolute; left: ${left}px; top: ${(long - width) / 2}px; margin: 0; width: ${width}px; height: ${height}px; max-width: none; transform-origin: 0 0; transform: translate(0, ${width}px) rotate(-90deg);`;
    };
    const slices: HTMLElement[] = [];
    for (let page = 0; page < count; page++) {
      const slice = document.createElement('div');
      slice.className = 'export-pdf-turned';
      const first = page === 0 && heading ? 'auto' : 'page';
      slice.style.cssText = `position: relative; overflow: hidden; height: ${Math.floor(long)}px; break-before: ${first}; break-after: page; break-inside: avoid;`;
      const drawing = page === 0 ? block : (block.cloneNode(true) as HTMLElement);
      if (page === 0) block.before(slice);
      else slices.at(-1)!.after(slice);
      slice.append(drawing);
      place(drawing, page);
      slices.push(slice);
    }
    if (count > 1) printLabelsOnce(slices);
    result.turned.push({name, pages: count});
  }
  return result;
}
