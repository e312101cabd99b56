// Runs inside Chromium on a copy of a page's content (see page-lib.ts): never import here.

/**
 * Click-to-load videos ("lite" embeds: a preview image and a play button, the player's frame
 * only after a click) print as a line naming the video and linking to it, as a frame does
 * (embedsAsLinks in book-form.ts). Left alone, the preview prints as a solid black box when its
 * image cannot load, with no title and no way to the video. Recognised by:
 * - the `<lite-youtube videoid>` and `<lite-vimeo videoid>` elements (lite-youtube-embed);
 * - a `<noscript>` linking to the video followed by a box that holds a play button and no text
 *   (react-lite-youtube-embed writes one before its `article.yt-lite`);
 * - `.yt-lite` alone, its video named by its preview image (`…/vi/<id>/…`): the router renders
 *   `noscript` empty.
 * Runs before capture removes `noscript`, which holds the only link of the second kind.
 */
export function clickToLoadEmbeds(root: Element, pageUrl: string): void {
  const doc = root.ownerDocument;
  const named = (value: string | null | undefined) => {
    const text = value?.replace(/\s+/g, ' ').trim() ?? '';
    return text && !/^(undefined|null)$/i.test(text) ? text : '';
  };
  const replace = (box: Element, url: string, title: string) => {
    const line = doc.createElement('p');
    line.className = 'export-pdf-embed';
    const link = doc.createElement('a');
    link.href = new URL(url, pageUrl).href;
    link.textContent = link.href;
    line.append(title ? `Video: ${title}: ` : 'Video: ', link);
    box.replaceWith(line);
  };
  const titleOf = (box: Element) =>
    named(box.getAttribute('title')) || named(box.getAttribute('data-title')) || named(box.getAttribute('playlabel'));

  for (const element of root.querySelectorAll('lite-youtube[videoid], lite-vimeo[videoid]')) {
    const id = encodeURIComponent(element.getAttribute('videoid') ?? '');
    const url = element.tagName === 'LITE-VIMEO' ? `https://vimeo.com/${id}` : `https://www.youtube.com/watch?v=${id}`;
    replace(element, url, titleOf(element));
  }
  // Scripts run, `noscript` holds its markup as text; parsed without them, as elements.
  const linkIn = (noscript: Element) => {
    const own = noscript.querySelector('a[href]');
    if (own) return own;
    const parsed = doc.createElement('template');
    parsed.innerHTML = noscript.textContent ?? '';
    return parsed.content.querySelector('a[href]');
  };
  const isPreview = (box: Element | null): box is Element =>
    !!box &&
    box.tagName !== 'NOSCRIPT' &&
    !box.querySelector('iframe, video') &&
    (box.matches('button, [role="button"]') || !!box.querySelector('button, [role="button"]')) &&
    !(box.textContent ?? '').replace(/\b(play|watch)\b/gi, '').trim();
  for (const noscript of root.querySelectorAll('noscript')) {
    const link = linkIn(noscript);
    const preview = noscript.nextElementSibling;
    if (!link || !isPreview(preview)) continue;
    const quoted = /"([^"]+)"/.exec(link.textContent ?? '')?.[1];
    replace(preview, link.getAttribute('href')!, titleOf(preview) || named(quoted));
    noscript.remove();
  }
  // Rendered by the site's router, `noscript` is empty: the preview's image names the video, and
  // its label ("<title> - YouTube video preview") the title.
  for (const preview of root.querySelectorAll<HTMLElement>('.yt-lite')) {
    const id = /\/vi(?:_webp)?\/([\w-]+)\//.exec(preview.getAttribute('style') ?? '')?.[1];
    const label = named(preview.getAttribute('aria-label')?.replace(/\s+-\s+YouTube video preview$/i, ''));
    if (id) replace(preview, `https://www.youtube.com/watch?v=${id}`, titleOf(preview) || label);
  }
}
