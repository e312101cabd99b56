import type {CheerioAPI} from 'cheerio/slim';

type Selection = ReturnType<CheerioAPI>;

/**
 * An embedded player or frame of an article: what a PDF cannot play, so the book owes the reader
 * a link to it. `path` is the path and query of its address (a frame's or player's source, as
 * written or resolved against the page: the book links to it on whatever host); `id` is a video
 * id a click-to-load preview names instead of an address.
 */
export type ArticleEmbed = {kind: 'frame' | 'video' | 'audio' | 'video preview'; label: string; path?: string; id?: string};

/** Path and query of an address as written in a page at `base`; undefined for one that goes nowhere. */
export function pathOfAddress(address: string | undefined, base = 'http://page.invalid/'): string | undefined {
  if (!address || /^(about|javascript|data|blob):/i.test(address.trim())) return undefined;
  try {
    const url = new URL(address, base);
    return /^https?:$/.test(url.protocol) ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The embeds of an article: frames and players with a source, and click-to-load video previews
 * (`lite-youtube` / `lite-vimeo` with a `videoid`, and react-lite-youtube-embed's `.yt-lite`, whose
 * preview image names the video).
 */
export function embedsOf($: CheerioAPI, root: Selection): ArticleEmbed[] {
  const embeds: ArticleEmbed[] = [];
  const labelOf = (element: Selection, fallback: string) =>
    (element.attr('title') ?? element.attr('aria-label') ?? '').replace(/\s+/g, ' ').trim() || fallback;
  root.find('iframe').each((_, frame) => {
    const path = pathOfAddress($(frame).attr('src'));
    if (path) embeds.push({kind: 'frame', label: labelOf($(frame), 'frame'), path});
  });
  root.find('video, audio').each((_, player) => {
    const kind = player.tagName === 'video' ? 'video' : 'audio';
    const path = pathOfAddress($(player).attr('src') ?? $(player).find('source[src]').first().attr('src'));
    if (path) embeds.push({kind, label: labelOf($(player), kind), path});
  });
  root.find('lite-youtube[videoid], lite-vimeo[videoid]').each((_, preview) => {
    const id = $(preview).attr('videoid')?.trim();
    if (id) embeds.push({kind: 'video preview', label: labelOf($(preview), id), id});
  });
  root.find('.yt-lite').each((_, preview) => {
    const id = /\/vi(?:_webp)?\/([\w-]+)\//.exec($(preview).attr('style') ?? '')?.[1];
    if (id) embeds.push({kind: 'video preview', label: labelOf($(preview), id), id});
  });
  return embeds;
}
