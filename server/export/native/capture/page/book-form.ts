// Transforms run inside Chromium on a copy of a page's content: each turns
// something a screen shows interactively into what a printed page can show.
// They reach each other only through the page library (page-lib.ts), never by import.

/** Every `<details>` open, its body no longer collapsed by inline styles. */
export function openDetails(root: Element): void {
  for (const details of root.querySelectorAll('details')) {
    details.setAttribute('open', '');
    details.setAttribute('data-collapsed', 'false');
    for (const child of details.children) {
      if (child.tagName !== 'SUMMARY') (child as HTMLElement).removeAttribute('style');
    }
  }
}

/** Images eager and every media URL absolute, since the book is printed from another URL. */
export function eagerMedia(root: Element, pageUrl: string): void {
  for (const image of root.querySelectorAll('img')) {
    image.setAttribute('loading', 'eager');
    image.removeAttribute('decoding');
    const src = image.getAttribute('src');
    if (src) image.setAttribute('src', new URL(src, pageUrl).href);
    image.removeAttribute('srcset');
  }
  for (const element of root.querySelectorAll('[src]:not(img), source[srcset]')) {
    const src = element.getAttribute('src');
    if (src) element.setAttribute('src', new URL(src, pageUrl).href);
  }
}

/**
 * Form controls print as what they hold, never as controls. A field a label names and a value
 * fills prints as "label: value" (a select its chosen option, a field its text); any other field
 * (a filter with no label, an empty search box, a password) prints as nothing, with its label,
 * so no stray word ("All") stands alone. A check box prints as a drawn box, ticked or not: a
 * task list's, or a checklist's beside its text. Buttons print as nothing, but for a disclosure's
 * (`aria-expanded`, opening no menu): its content names what it shows (Swagger UI's method, path
 * and summary of an operation, an accordion's title), so it prints as that content. Content a
 * widget hides with the `hidden` attribute (a filter, a "show more") is shown.
 */
export function flattenControls(root: Element): void {
  const doc = root.ownerDocument;
  // A label is a few words; a longer one is content that happens to hold a control, and stays.
  const LABEL_CHARS = 80;
  // Not `control.labels`: the page's content is a copy outside the document, where it is empty.
  const labelsOf = (control: Element) => {
    const labels = new Set<Element>();
    const wrapping = control.closest('label');
    if (wrapping && root.contains(wrapping)) labels.add(wrapping);
    const id = control.getAttribute('id');
    if (id) for (const label of root.querySelectorAll('label[for]')) if (label.getAttribute('for') === id) labels.add(label);
    return [...labels];
  };
  const textOf = (label: Element) => {
    const copy = label.cloneNode(true) as Element;
    copy.querySelectorAll('input, select, textarea').forEach((element) => element.remove());
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  const print = (control: Element, value: string, block = false) => {
    const labels = labelsOf(control).filter((label) => textOf(label).length <= LABEL_CHARS);
    const name = (labels.map(textOf).join(' ') || control.getAttribute('aria-label')?.trim() || '').replace(/[:：]\s*$/, '');
    const wrapping = labels.find((label) => label.contains(control));
    for (const label of labels) if (label !== wrapping) label.remove();
    if (!name || !value) {
      (wrapping ?? control).remove();
      return;
    }
    const field = doc.createElement(block ? 'div' : 'span');
    field.className = 'export-pdf-field';
    const shown = doc.createElement(block ? 'pre' : 'span');
    shown.className = 'export-pdf-value';
    shown.textContent = value;
    field.append(`${name}: `, shown);
    (wrapping ?? control).replaceWith(field);
  };
  // A button that opens a menu or a dialog (`aria-haspopup`: a "Copy page" menu) discloses no content.
  for (const button of root.querySelectorAll('button[aria-expanded]:not([aria-haspopup]:not([aria-haspopup="false"]))')) {
    if (!button.textContent?.trim()) continue;
    const block = [...button.querySelectorAll('*')].some((element) => /^(div|p|h[1-6]|ul|ol|table|pre)$/i.test(element.tagName));
    const content = doc.createElement(block ? 'div' : 'span');
    const classes = button.getAttribute('class');
    if (classes) content.setAttribute('class', classes);
    content.classList.add('export-pdf-disclosure');
    content.append(...button.childNodes);
    button.replaceWith(content);
  }
  root.querySelectorAll('[role="search"], .DocSearch, .navbar__search, button').forEach((element) => element.remove());
  for (const select of root.querySelectorAll('select')) {
    const chosen = select.selectedOptions[0] ?? select.querySelector('option');
    print(select, chosen?.textContent?.trim() ?? '');
  }
  for (const input of root.querySelectorAll('input')) {
    const type = (input.getAttribute('type') ?? 'text').toLowerCase();
    if (type === 'checkbox' || type === 'radio') {
      const mark = doc.createElement('span');
      mark.className = `export-pdf-${type}`;
      if (input.checked || input.hasAttribute('checked')) mark.setAttribute('data-checked', '');
      input.replaceWith(mark);
    } else if (['hidden', 'button', 'submit', 'reset', 'image', 'file', 'password'].includes(type)) {
      print(input, '');
    } else {
      print(input, input.value.trim());
    }
  }
  for (const area of root.querySelectorAll('textarea')) print(area, area.value, true);
  root.querySelectorAll('[hidden]').forEach((element) => element.removeAttribute('hidden'));
}

/**
 * Embedded frames (videos, playgrounds, maps) print as a line naming them and
 * linking to them, in place of the frame and of any wrapper that only sized
 * it: a PDF cannot play them, and offline or behind a firewall they would
 * print as an empty box up to a page tall. A video or audio player prints the
 * same way (a video without a poster prints as a black box with its controls),
 * a video's poster image above its line.
 */
export function embedsAsLinks(root: Element, pageUrl: string, publicBase: string): void {
  const usable = (src: string | null | undefined): src is string => !!src && !src.startsWith('about:') && !src.startsWith('javascript:');
  // The line shows where a reader finds the file: the site's public address, not the one the
  // export read the page at (the link itself is resolved with the page's other links).
  const here = new URL(pageUrl).origin;
  const published = new URL(publicBase).origin;
  const linkLine = (label: string, url: string) => {
    const line = root.ownerDocument.createElement('p');
    line.className = 'export-pdf-embed';
    const link = root.ownerDocument.createElement('a');
    link.href = url;
    link.textContent = url.startsWith(`${here}/`) ? published + url.slice(here.length) : url;
    line.append(`${label}: `, link);
    return line;
  };
  // A wrapper that shows its player only once it has loaded (opacity 0 or hidden until a script
  // sees the video's first frame) would hide the line too: its place would print blank.
  const reveal = (node: Node) => {
    for (let box = node.parentElement; box && box !== root; box = box.parentElement) {
      // Its own style, and the style sheets' where the copy is in a document (a detached copy has none).
      const styles = [box.style, ...(box.isConnected ? [getComputedStyle(box)] : [])];
      if (styles.some((style) => style.opacity !== '' && Number(style.opacity) === 0)) box.style.setProperty('opacity', '1', 'important');
      if (styles.some((style) => style.visibility === 'hidden')) box.style.setProperty('visibility', 'visible', 'important');
    }
  };
  // A wrapper that only sized the element (a 16:9 box, often black) goes with it.
  const replace = (element: Element, nodes: Node[]) => {
    let box: Element = element;
    while (
      box.parentElement &&
      box.parentElement !== root &&
      box.parentElement.children.length === 1 &&
      !box.parentElement.textContent?.trim()
    ) {
      if (box.parentElement.matches('.markdown, article, section, li, td, th, details')) break;
      box = box.parentElement;
    }
    box.replaceWith(...nodes);
    if (nodes[0]) reveal(nodes[0]);
  };
  for (const frame of root.querySelectorAll('iframe')) {
    const src = frame.getAttribute('src');
    if (usable(src)) replace(frame, [linkLine(frame.getAttribute('title')?.trim() || 'Embedded content', new URL(src, pageUrl).href)]);
    else frame.remove();
  }
  for (const player of root.querySelectorAll('video, audio')) {
    const src = player.getAttribute('src') ?? player.querySelector('source[src]')?.getAttribute('src');
    const kind = player.tagName === 'VIDEO' ? 'Video' : 'Audio';
    const title = player.getAttribute('title')?.trim() || player.getAttribute('aria-label')?.trim();
    const nodes: Node[] = [];
    const poster = player.getAttribute('poster');
    if (poster) {
      const image = root.ownerDocument.createElement('img');
      image.src = new URL(poster, pageUrl).href;
      image.alt = title || kind;
      nodes.push(image);
    }
    if (usable(src)) nodes.push(linkLine(title ? `${kind}: ${title}` : kind, new URL(src, pageUrl).href));
    replace(player, nodes);
  }
}
