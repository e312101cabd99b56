// Runs inside Chromium on a copy of a page's content (see page-lib.ts): never import here.

/**
 * Pictures a script loads late print as the picture, not as its placeholder. A server-rendered
 * page of `@docusaurus/plugin-ideal-image` (and other "blur-up" loaders) holds an empty box the
 * picture's size over a blurred 10 px preview (a `data:` background), and the picture itself in
 * the `<noscript>` beside it; the script swaps them once the box scrolls into view. Capture
 * removes `noscript`, so the book printed the blurred preview, enlarged to the text's width.
 * Each `<noscript>` that holds a picture and nothing else takes the place of the empty box
 * before it (an `svg` or `img` with no content and no source), at the largest width its
 * `srcset` offers, and the preview background of the box around them goes.
 * Runs before capture removes `noscript`.
 */
export function lateImages(root: Element): number {
  const doc = root.ownerDocument;
  let replaced = 0;
  // Scripts run, `noscript` holds its markup as text; parsed without them, as elements.
  const pictureIn = (noscript: Element): HTMLImageElement | null => {
    const parsed = doc.createElement('template');
    parsed.innerHTML = noscript.querySelector('img') ? noscript.innerHTML : (noscript.textContent ?? '');
    const images = parsed.content.querySelectorAll('img[src], img[srcset]');
    if (images.length !== 1 || (parsed.content.textContent ?? '').trim() !== '') return null;
    return images[0] as HTMLImageElement;
  };
  const isPlaceholder = (element: Element | null): element is Element =>
    !!element &&
    ((element.tagName.toLowerCase() === 'svg' && element.childElementCount === 0) ||
      (element.tagName === 'IMG' && !element.getAttribute('src') && !element.getAttribute('srcset')));
  const largest = (image: HTMLImageElement) => {
    let best = {url: image.getAttribute('src') ?? '', width: 0};
    for (const candidate of (image.getAttribute('srcset') ?? '').split(',')) {
      const [url, size] = candidate.trim().split(/\s+/);
      const width = Number.parseFloat(size ?? '') || 0;
      if (url && width > best.width) best = {url, width};
    }
    return best.url;
  };
  for (const noscript of [...root.querySelectorAll('noscript')]) {
    const picture = pictureIn(noscript);
    const placeholder = noscript.previousElementSibling;
    if (!picture || !isPlaceholder(placeholder)) continue;
    const image = doc.createElement('img');
    image.src = largest(picture);
    for (const name of ['alt', 'width', 'height', 'title']) {
      const value = picture.getAttribute(name);
      if (value !== null) image.setAttribute(name, value);
    }
    // The box's own size rule (width 100%, height auto), without the overlay's absolute position.
    image.setAttribute('style', placeholder.getAttribute('style') ?? 'max-width: 100%; height: auto');
    placeholder.replaceWith(image);
    noscript.remove();
    const box = image.parentElement as HTMLElement | null;
    if (box && /url\(\s*["']?data:/.test(box.style.backgroundImage)) box.style.removeProperty('background-image');
    replaced++;
  }
  return replaced;
}

/**
 * The same pictures in a page rendered in a capture tab, where the script has removed the
 * `<noscript>`: it swaps a placeholder for the picture once a scroll event finds it in view
 * (everythingOnScreen in on-screen.ts covers IntersectionObserver only), and stops a download
 * when it leaves the view. Each placeholder is scrolled into view in turn and given up to 3 s to
 * be swapped. Returns how many were found, and how many are still placeholders.
 */
export async function loadLateImages(timeoutMs: number): Promise<{found: number; left: number}> {
  const deadline = Date.now() + timeoutMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const placeholders = () =>
    [...document.querySelectorAll<Element>('svg:empty, img:not([src]):not([srcset])')].filter((element) =>
      /url\(\s*["']?data:/.test(element.parentElement?.style.backgroundImage ?? ''),
    );
  const found = placeholders();
  for (const placeholder of found) {
    if (Date.now() >= deadline) break;
    placeholder.scrollIntoView({block: 'center'});
    window.dispatchEvent(new Event('scroll'));
    const until = Math.min(deadline, Date.now() + 3000);
    while (placeholder.isConnected && Date.now() < until) await sleep(20);
  }
  if (found.length > 0) window.scrollTo(0, 0);
  return {found: found.length, left: placeholders().length};
}
