// Runs inside Chromium on a copy of a page's content (see page-lib.ts): never import here.

/**
 * Math reaches a screen reader. KaTeX draws a formula as HTML it hides from assistive technology
 * (`aria-hidden`) beside MathML it hides from the eye (clipped to a pixel): in the tagged PDF the
 * drawing is left out of the structure tree and the MathML prints nothing, so a reader heard
 * "attempt waits," with the formula gone. Each formula becomes a figure whose alternate text is
 * its TeX source (the annotation KaTeX keeps), holding its drawing; the hidden MathML goes.
 * Returns how many formulas it labelled.
 */
export function mathForReaders(root: Element): number {
  let labelled = 0;
  for (const formula of root.querySelectorAll<HTMLElement>('.katex')) {
    const tex = formula.querySelector('annotation[encoding="application/x-tex"]')?.textContent?.trim();
    if (!tex) continue;
    formula.setAttribute('role', 'img');
    formula.setAttribute('aria-label', tex);
    formula.querySelector(':scope > .katex-html')?.removeAttribute('aria-hidden');
    formula.querySelector(':scope > .katex-mathml')?.remove();
    labelled++;
  }
  return labelled;
}
