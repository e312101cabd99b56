// Run inside Chromium by puppeteer in a book part (see ../figure-fit.ts for why):
// serialized with Function.prototype.toString, so each function is self-contained.

/** A large figure of a part: a diagram or an image on a line of its own. */
export type PartFigure = {
  /** Id of the marker placed where the figure's group starts (the figure, or the heading right above it). */
  marker: string;
  /** From the group's top to the figure's bottom, in CSS px: what must fit on one page. */
  group: number;
  /** The figure's own height in CSS px: what may shrink. */
  height: number;
  /** Its smallest label as laid out, CSS px, for a diagram (turned-diagrams.ts measured it). */
  textPx?: number;
};

/**
 * Finds figures at least `minHeight` px tall and puts before each a 1 px
 * anchor link to `anchorPrefix` + a marker id, so that the printed part shows
 * where the content before the figure ended (read back by ../../shared/pdf-part.ts).
 */
export function markFigures(options: {minHeight: number; anchorPrefix: string}): PartFigure[] {
  // In document order, which is page order: a probe (startFigureProbe) leaves out what follows the
  // last figure in question, and a shrunk figure moves only the figures after it. An enclosing
  // figure comes before what it holds, which it then keeps from being a figure of its own.
  const candidates = [
    ...new Set([
      ...document.querySelectorAll<HTMLElement>('.export-pdf-chapter .docusaurus-mermaid-container svg'),
      ...document.querySelectorAll<HTMLElement>('.export-pdf-chapter img, .export-pdf-chapter .markdown svg'),
    ]),
  ].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const figures: PartFigure[] = [];
  for (const figure of candidates) {
    const height = figure.getBoundingClientRect().height;
    if (height < options.minHeight || figure.closest('table, .export-pdf-figure, .export-pdf-turned, .export-pdf-rows')) continue;
    // The block the figure is alone in: its paragraph, link or diagram container.
    let block: HTMLElement = figure;
    while (block.parentElement && !block.parentElement.matches('.markdown, article, section, li, details > div')) {
      const parent: HTMLElement = block.parentElement;
      if ((parent.textContent ?? '').trim() !== (block.textContent ?? '').trim()) break;
      block = parent;
    }
    if (block === figure && figure.parentElement?.matches('p, a')) continue;
    const heading = block.previousElementSibling;
    const start = heading && /^H[1-6]$/.test(heading.tagName) ? (heading as HTMLElement) : block;
    const id = `export-pdf-figure-${figures.length}`;
    const marker = document.createElement('a');
    marker.className = 'export-pdf-figure-marker';
    marker.href = options.anchorPrefix + id;
    start.before(marker);
    figure.classList.add('export-pdf-figure');
    figure.setAttribute('data-export-pdf-figure', String(figures.length));
    const label = Number(figure.getAttribute('data-export-pdf-label'));
    const units = figure instanceof SVGSVGElement ? figure.viewBox.baseVal : undefined;
    // The drawing's scale: under a height cap it is the height's, not the width's.
    const rect = figure.getBoundingClientRect();
    const scale = units && units.width > 0 && units.height > 0 ? Math.min(rect.width / units.width, rect.height / units.height) : 0;
    figures.push({
      marker: id,
      group: block.getBoundingClientRect().bottom - marker.getBoundingClientRect().top,
      height,
      ...(label > 0 && scale > 0 ? {textPx: label * scale} : {}),
    });
  }
  return figures;
}

/** Gives figures a smaller height (CSS px, by figure index); the width follows. */
export function shrinkFigures(heights: Record<string, number>): void {
  for (const [index, height] of Object.entries(heights)) {
    const figure = document.querySelector<HTMLElement>(`[data-export-pdf-figure="${index}"]`);
    if (!figure) continue;
    if (figure.tagName.toLowerCase() === 'svg') {
      // An SVG's width follows its viewBox only when its height is set.
      figure.style.height = `${Math.floor(height)}px`;
      figure.style.maxHeight = 'none';
    } else {
      figure.style.maxHeight = `${Math.floor(height)}px`;
      figure.style.objectFit = 'contain';
    }
    figure.style.width = 'auto';
  }
}

/**
 * Readies the part for a probe print that only reads where the figure markers land (../figure-fit.ts):
 * everything but the markers invisible (visibility keeps the layout, and nothing is painted), and
 * the chapters after the one holding figure `lastFigure` left out (each chapter starts a page, so
 * what follows it cannot move what it holds).
 */
export function startFigureProbe(lastFigure: number): void {
  const style = document.createElement('style');
  style.id = 'export-pdf-figure-probe';
  style.textContent =
    '*, *::before, *::after, *::marker { visibility: hidden !important; } ' +
    '.export-pdf-figure-marker { visibility: visible !important; } .export-pdf-probe-cut { display: none !important; }';
  document.head.append(style);
  const chapter = document.querySelector(`[data-export-pdf-figure="${lastFigure}"]`)?.closest('.export-pdf-chapter');
  if (!chapter) return;
  for (const later of document.querySelectorAll('.export-pdf-chapter')) {
    if (chapter.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING) later.classList.add('export-pdf-probe-cut');
  }
}

/** Undoes startFigureProbe. */
export function endFigureProbe(): void {
  document.getElementById('export-pdf-figure-probe')?.remove();
  for (const cut of document.querySelectorAll('.export-pdf-probe-cut')) cut.classList.remove('export-pdf-probe-cut');
}
