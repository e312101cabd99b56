import {pathOfAddress, type ArticleEmbed} from '../article-embeds';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';

/** Whether a link of the book leads to the embed: its address, on any host, or its video. */
function leadsTo(uri: string, embed: ArticleEmbed): boolean {
  if (embed.path) return pathOfAddress(uri) === embed.path;
  return !!embed.id && uri.includes(embed.id);
}

/**
 * Every embed of a page a reader sees (a frame, a video or audio player with a source, a
 * click-to-load video preview) has a link to it in its chapter: a PDF plays none of them, and
 * printed as a box (black, empty, or a preview picture) it leaves the reader no way to it.
 */
export function checkEmbeds({book, map}: CheckContext): CheckResult {
  const findings: Finding[] = [];
  let embeds = 0;
  let linked = 0;
  for (const place of map.chapters) {
    const own = place.expected.article.embeds;
    if (own.length === 0) continue;
    const uris =
      place.start === undefined || place.end === undefined
        ? []
        : book.pages.slice(place.start, place.end + 1).flatMap((page) => page.links.flatMap((link) => (link.uri ? [link.uri] : [])));
    for (const embed of own) {
      embeds++;
      if (uris.some((uri) => leadsTo(uri, embed))) {
        linked++;
        continue;
      }
      findings.push({
        page: place.start === undefined ? undefined : place.start + 1,
        text: `"${place.expected.title}": ${embed.kind} ${JSON.stringify(embed.label)} (${embed.path ?? embed.id}) has no link in its chapter`,
      });
    }
  }
  return resultOf('embeds', `${linked}/${embeds} embeds linked from their chapter`, findings, {embeds, linked});
}
