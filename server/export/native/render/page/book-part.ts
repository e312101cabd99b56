// Run inside Chromium by puppeteer in a book part before it prints: serialized
// with Function.prototype.toString, so each function is self-contained.

/**
 * Waits for the part's stylesheets, fonts and images; an image that never
 * loads is given up on at the deadline. An image that failed (offline, a
 * dead link) prints as its alt text, or not at all, rather than as an empty
 * box. Returns what did not load.
 */
export async function settleBookPart(timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const pending = () => [
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet),
    ...[...document.images].filter((image) => !image.complete),
  ];
  while (pending().length > 0 && Date.now() < deadline) await sleep(20);
  await Promise.race([document.fonts.ready, sleep(Math.max(0, deadline - Date.now()))]);
  const warnings = pending().map((element) => `not loaded: ${(element as HTMLImageElement).src ?? (element as HTMLLinkElement).href}`);
  // An SVG without a size of its own also reports no natural width; only a failed decode says broken.
  const unsized = [...document.images].filter((image) => image.complete && image.naturalWidth === 0 && image.getAttribute('src'));
  const broken = (
    await Promise.all(
      unsized.map((image) =>
        image.decode().then(
          () => undefined,
          () => image,
        ),
      ),
    )
  ).filter((image): image is HTMLImageElement => image !== undefined);
  for (const image of broken) {
    const alt = image.getAttribute('alt')?.trim();
    if (alt) {
      const text = document.createElement('span');
      text.className = 'export-pdf-missing-image';
      text.textContent = alt;
      image.replaceWith(text);
    } else {
      image.remove();
    }
  }
  if (broken.length > 0) {
    const examples = broken
      .slice(0, 3)
      .map((image) => image.src)
      .join(', ');
    warnings.push(`${broken.length} image(s) could not be loaded, printed as their alt text: ${examples}${broken.length > 3 ? ', …' : ''}`);
  }
  return warnings;
}

/**
 * Makes what is wider than the text fit it, measured in print layout at the
 * page's text width: a wide table first gets a smaller font (down to 70 %),
 * then is scaled down as a whole; a display equation breaks at its operators; any other block
 * still wider than its chapter (a fixed-width component, a wide figure) is scaled down too. Long tokens
 * already break at sensible points (capture/page/long-tokens.ts), so nothing breaks mid-word.
 * Code blocks shorter than `keepTogetherBelow` px are kept on one page, so no
 * page holds a lone last line of code. Returns what it changed, each as the
 * element and the start of its text.
 */
export function fitBookPart(options: {fontScales: number[]; keepTogetherBelow: number}): {
  smallerFont: string[];
  scaled: string[];
  brokenEquations: string[];
} {
  for (const block of document.querySelectorAll<HTMLElement>('.export-pdf-chapter .theme-code-block, .export-pdf-chapter pre')) {
    if (block.matches('.theme-code-block pre')) continue;
    if (block.getBoundingClientRect().height < options.keepTogetherBelow) block.style.breakInside = 'avoid';
  }
  const widthOf = (element: HTMLElement) => Math.max(element.scrollWidth, element.getBoundingClientRect().width);
  const room = (element: HTMLElement) => {
    const style = getComputedStyle(element);
    return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  };
  const describe = (element: HTMLElement) =>
    `${element.tagName.toLowerCase()} "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
  const scale = (element: HTMLElement, limit: number, width = widthOf(element)) => {
    const factor = Math.floor((limit / width) * (Number(element.style.zoom) || 1) * 1000) / 1000;
    element.style.zoom = String(factor);
    result.scaled.push(`${describe(element)} to ${Math.round(factor * 100)} %`);
  };
  const result: {smallerFont: string[]; scaled: string[]; brokenEquations: string[]} = {smallerFont: [], scaled: [], brokenEquations: []};
  for (const table of document.querySelectorAll<HTMLElement>('.export-pdf-chapter table')) {
    if (table.parentElement!.closest('table')) continue;
    const limit = room(table.parentElement!);
    if (widthOf(table) <= limit + 0.5) continue;
    for (const factor of options.fontScales) {
      table.style.fontSize = `${factor}em`;
      if (widthOf(table) <= limit + 0.5) break;
    }
    result.smallerFont.push(`${describe(table)} at ${table.style.fontSize}`);
    if (widthOf(table) > limit + 0.5) scale(table, limit);
  }
  // A display equation wider than the text breaks at its operators, where KaTeX lets inline math
  // break (each of its `.base` boxes ends at a relation or a binary operator), instead of being
  // scaled down whole: ten terms written out printed at 35 %, glyphs about 5.8 pt.
  for (const equation of document.querySelectorAll<HTMLElement>('.export-pdf-chapter .katex-display > .katex')) {
    if (widthOf(equation) <= room(equation.parentElement!) + 0.5) continue;
    equation.style.whiteSpace = 'normal';
    result.brokenEquations.push(describe(equation));
  }
  // Only what shows counts: a grid row's negative margins overflow by design, its cards do not.
  const shows = (element: Element) =>
    /^(img|svg|video|canvas|iframe|table|pre)$/i.test(element.tagName) ||
    [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
  const contentRight = (element: Element) => {
    const style = getComputedStyle(element);
    return element.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
  };
  for (const chapter of document.querySelectorAll<HTMLElement>('.export-pdf-chapter')) {
    const left = chapter.getBoundingClientRect().left + parseFloat(getComputedStyle(chapter).paddingLeft);
    const limit = room(chapter);
    const blocks = chapter.querySelector('.markdown') ? '.markdown > *' : ':scope > * > *';
    for (const block of chapter.querySelectorAll<HTMLElement>(blocks)) {
      if (block.tagName === 'TABLE') continue;
      if (block.getBoundingClientRect().right - left <= limit + 0.5 && block.scrollWidth <= limit + 0.5) continue;
      const right = Math.max(...[block, ...block.querySelectorAll('*')].filter(shows).map(contentRight));
      if (right - left > limit + 0.5) scale(block, limit, right - left);
    }
  }
  return result;
}

/**
 * Brings back inside the text's edges what holds text and a negative margin
 * pulls past them (a heading a theme sets a little left of the text): the page
 * clips what prints outside its text area, so its first letters would be cut.
 * Its margin on that side becomes 0; a grid row, whose negative margins its
 * padded columns make up for, holds no text of its own and stays. Returns how
 * many it moved, by kind (element and first class).
 */
export function keepTextInside(): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const chapter of document.querySelectorAll<HTMLElement>('.export-pdf-chapter')) {
    const edges = chapter.getBoundingClientRect();
    const chapterStyle = getComputedStyle(chapter);
    const [left, right] = [edges.left + parseFloat(chapterStyle.paddingLeft), edges.right - parseFloat(chapterStyle.paddingRight)];
    for (const element of chapter.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('svg') || ![...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()))
        continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      let changed = false;
      if (box.left + parseFloat(style.paddingLeft) < left - 0.5 && parseFloat(style.marginLeft) < 0) {
        element.style.setProperty('margin-left', '0', 'important');
        changed = true;
      }
      if (box.right - parseFloat(style.paddingRight) > right + 0.5 && parseFloat(style.marginRight) < 0) {
        element.style.setProperty('margin-right', '0', 'important');
        changed = true;
      }
      if (!changed) continue;
      const kind = `${element.tagName.toLowerCase()}${element.classList[0] ? `.${element.classList[0]}` : ''}`;
      moved[kind] = (moved[kind] ?? 0) + 1;
    }
  }
  return moved;
}

/**
 * Leaves out boxes that would print empty although they take room: a widget
 * a script fills from the network (a code playground, a video player) is an
 * empty element with a fixed height when the page is not run or is offline.
 * A box counts as empty with no text, no media and nothing drawn by CSS
 * content or background image. Returns how many were left out, by kind
 * (element and first class).
 */
export function dropEmptyBoxes(minHeight: number): Record<string, number> {
  const media = 'img, svg, video, canvas, iframe, object, embed, picture, input, select, textarea, hr';
  const dropped: Record<string, number> = {};
  for (const box of document.querySelectorAll<HTMLElement>('.export-pdf-chapter article *')) {
    // Leaves only: a wrapper of an empty box shrinks with it. Table cells and SVG shapes are parts of a whole.
    if (box.childElementCount > 0 || box.matches(media) || box.closest('svg') || box.textContent!.trim() !== '') continue;
    if (!['block', 'flex', 'grid', 'flow-root'].includes(getComputedStyle(box).display)) continue;
    if (box.getBoundingClientRect().height < minHeight) continue;
    const drawn = (pseudo?: string) => {
      const style = getComputedStyle(box, pseudo);
      return style.backgroundImage !== 'none' || (pseudo !== undefined && style.content !== 'none' && style.content !== 'normal');
    };
    if (drawn() || drawn('::before') || drawn('::after')) continue;
    box.style.display = 'none';
    const kind = `${box.tagName.toLowerCase()}${box.classList[0] ? `.${box.classList[0]}` : ''}`;
    dropped[kind] = (dropped[kind] ?? 0) + 1;
  }
  return dropped;
}

/**
 * A box folded shut (an accordion's answer, a colour's shades: a zero height with its overflow
 * hidden, or a zero height and no opacity) prints open: on screen a click unfolds it, on paper it
 * would print as nothing. Only boxes as wide as a line of text that hold text count: a visually
 * hidden label (1 px, clipped) stays hidden. Returns how many it opened, by kind (element and
 * first class).
 */
export function unfoldCollapsedBoxes(): Record<string, number> {
  const opened: Record<string, number> = {};
  for (const box of document.querySelectorAll<HTMLElement>('.export-pdf-chapter article *')) {
    if (box.closest('svg') || box.textContent!.trim() === '') continue;
    const rect = box.getBoundingClientRect();
    if (rect.height >= 1 || rect.width < 20) continue;
    const style = getComputedStyle(box);
    const folded = style.overflowY === 'hidden' || style.overflowY === 'clip' || Number(style.opacity) === 0;
    if (!folded || box.scrollHeight < 1) continue;
    for (const [property, value] of [
      ['height', 'auto'],
      ['max-height', 'none'],
      ['overflow-y', 'visible'],
      ['opacity', '1'],
    ] as const) {
      box.style.setProperty(property, value, 'important');
    }
    const kind = `${box.tagName.toLowerCase()}${box.classList[0] ? `.${box.classList[0]}` : ''}`;
    opened[kind] = (opened[kind] ?? 0) + 1;
  }
  return opened;
}

/**
 * A box a reader scrolls (a fixed height with `overflow: auto` or `scroll`:
 * a framed example, a long schema, a log) prints everything it holds, as
 * paper cannot scroll: its height grows to its content. Boxes that clip
 * nothing, and those that only scroll sideways, are left alone. Returns how
 * many it let out, by kind (element and first class).
 */
export function unclipScrollBoxes(): Record<string, number> {
  const grown: Record<string, number> = {};
  for (const box of document.querySelectorAll<HTMLElement>('.export-pdf-chapter article *')) {
    if (box.closest('svg')) continue;
    const style = getComputedStyle(box);
    if (!['auto', 'scroll'].includes(style.overflowY) || box.scrollHeight <= box.clientHeight + 1) continue;
    for (const [property, value] of [
      ['height', 'auto'],
      ['max-height', 'none'],
      ['overflow-y', 'visible'],
    ] as const) {
      box.style.setProperty(property, value, 'important');
    }
    const kind = `${box.tagName.toLowerCase()}${box.classList[0] ? `.${box.classList[0]}` : ''}`;
    grown[kind] = (grown[kind] ?? 0) + 1;
  }
  return grown;
}

/**
 * Text the site cuts short with an ellipsis prints whole: a doc card's title and description
 * (`text-overflow: ellipsis` on one line, or `-webkit-line-clamp`) show the rest on screen on
 * hover or a click, which paper has not. Returns how many it let out, by kind (element and first class).
 */
export function unclipTruncatedText(): Record<string, number> {
  const whole: Record<string, number> = {};
  for (const box of document.querySelectorAll<HTMLElement>('.export-pdf-chapter article *')) {
    if (box.closest('svg, pre')) continue;
    const style = getComputedStyle(box);
    const ellipsis = style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + 1;
    const clamped = !['none', ''].includes(style.webkitLineClamp) && box.scrollHeight > box.clientHeight + 1;
    if (!ellipsis && !clamped) continue;
    for (const [property, value] of [
      ['white-space', 'normal'],
      ['text-overflow', 'clip'],
      ['overflow', 'visible'],
      ['-webkit-line-clamp', 'unset'],
      ['height', 'auto'],
      ['max-height', 'none'],
    ] as const) {
      box.style.setProperty(property, value, 'important');
    }
    if (clamped && style.display === '-webkit-box') box.style.setProperty('display', 'block', 'important');
    const kind = `${box.tagName.toLowerCase()}${box.classList[0] ? `.${box.classList[0]}` : ''}`;
    whole[kind] = (whole[kind] ?? 0) + 1;
  }
  return whole;
}
