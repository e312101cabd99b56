// Run inside Chromium in a book part: links pointed inside the book, and anchors where targets printed.

/**
 * In a book part: puts a 1 px link at the start of each target the part's
 * destination hints list (a chapter's title, a heading, any element a link
 * points at), whose URL is `prefix` + the target id. Chromium writes a link's rectangle from where it painted it,
 * on the page it landed on, while its named destinations can point at the page
 * before when page-break rules moved a heading: the merge reads where each
 * target printed from these links (shared/pdf-part.ts), then removes them.
 */
export function placeAnchors(prefix: string): void {
  const hints = document.querySelectorAll<HTMLAnchorElement>('.export-pdf-dest-hints a[href^="#"]');
  for (const id of [...hints].map((hint) => decodeURIComponent(hint.getAttribute('href')!.slice(1)))) {
    const target = document.getElementById(id);
    if (!target) continue;
    const anchor = document.createElement('a');
    anchor.className = 'export-pdf-at';
    anchor.href = prefix + encodeURIComponent(id);
    let holder: Element = target.matches('section') ? (target.querySelector('h1, h2, h3, p, li') ?? target) : target;
    if (/^(tbody|thead|tfoot)$/i.test(holder.tagName)) holder = holder.querySelector('tr') ?? holder;
    if (holder.tagName === 'TR') holder = holder.querySelector('td, th') ?? holder;
    const isInline = (node: Node | null): boolean => {
      while (node && node.nodeType === Node.TEXT_NODE && !node.textContent!.trim()) node = node.nextSibling;
      return (
        node !== null &&
        (node.nodeType === Node.TEXT_NODE || (node instanceof Element && getComputedStyle(node).display.startsWith('inline')))
      );
    };
    // Void elements, lists and tables hold no anchor: it goes just before them.
    const before = /^(img|svg|video|iframe|input|br|hr|table|tr|ul|ol|dl)$/i.test(holder.tagName);
    // In a line the anchor rides with the text; elsewhere it is a 1 px block that takes no room.
    // In a flex or grid container (Swagger UI's tag headings) a block of width auto is an item 0 px
    // wide, for which Chromium writes no link: the anchor stays a 1 px item beside the others.
    const container = before ? holder.parentElement : holder;
    const laysOutItems = !!container && /^(inline-)?(flex|grid)$/.test(getComputedStyle(container).display);
    if (!laysOutItems && !isInline(before ? holder : holder.firstChild)) anchor.classList.add('export-pdf-at-block');
    if (before) holder.before(anchor);
    else holder.prepend(anchor);
    // A heading a theme pulls past the text's edge (a negative margin) would put its anchor off
    // the page, where Chromium writes no link: the anchor is moved back onto it, the text is not.
    const {left, right} = anchor.getBoundingClientRect();
    const shift = left < 0 ? -left : right > document.documentElement.clientWidth ? document.documentElement.clientWidth - right : 0;
    if (shift !== 0) {
      anchor.style.setProperty('position', 'relative', 'important');
      anchor.style.setProperty('left', `${shift}px`, 'important');
    }
  }
}

/**
 * In a book part: points every marked link where the server decided (render/part-hrefs.ts),
 * by its path, query and hash as render/part-hrefs.ts linkKey joins them. Gives the links it found no
 * entry for, which keep their href: none, unless the server read the part's HTML otherwise than
 * the page parsed it.
 */
export function linkBookPart(hrefs: Record<string, string>): string[] {
  const missing: string[] = [];
  for (const link of document.querySelectorAll('a[data-export-path]')) {
    const key = `${link.getAttribute('data-export-path')}${link.getAttribute('data-export-search') ?? ''}#${link.getAttribute('data-export-hash') ?? ''}`;
    const href = hrefs[key];
    if (href === undefined) missing.push(key);
    else link.setAttribute('href', href);
  }
  return missing;
}
