import {chapterSegments, type ChapterPlace} from '../book-map';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {isDarkPage, proseOnDark} from '../dark-pages';
import type {ChromeText} from '../html-article';
import {MONOSPACE_NAME} from '../page-operators';
import type {Segment} from '../text-lines';
import {THRESHOLDS} from '../thresholds';
import {textKey, wordsOf} from '../text-normal';

/** Texts this long are distinctive enough to look for anywhere in the chapter's text. */
const DISTINCTIVE_KEY = 24;

type Located = {page: number; segment: Segment};

/**
 * Where a piece of site chrome prints in a chapter, if it does. Chrome prints in small text:
 * lines larger than `maxSize` (the title, headings) are not looked at, so that a trail
 * "Authentication › API" is not the title "Authentication API".
 */
export function findChrome(chrome: ChromeText, chapter: Located[], maxSize = Number.POSITIVE_INFINITY): number | undefined {
  const segments = chapter.filter(({segment}) => segment.size <= maxSize);
  const keys = chrome.parts.map(textKey);
  if (keys.some((key) => !key)) return undefined;
  if (chrome.kind === 'pagination') {
    const [sublabel, label] = keys as [string, string];
    for (let index = 0; index < segments.length; index++) {
      if (segments[index]!.segment.key !== sublabel) continue;
      const page = segments[index]!.page;
      const below = segments.slice(index + 1, index + 8).filter((next) => next.page === page);
      if (below.some((next) => next.segment.key === label)) return page;
    }
    return undefined;
  }
  // One breadcrumb alone is the page's own title: only a trail of two or more says anything.
  if (chrome.kind === 'breadcrumbs' && keys.length < 2) return undefined;
  const key = keys.join('');
  if (key.length >= DISTINCTIVE_KEY && chrome.kind !== 'breadcrumbs') {
    let joined = '';
    const starts: number[] = [];
    for (const {segment} of segments) {
      starts.push(joined.length);
      joined += segment.key;
    }
    const at = joined.indexOf(key);
    if (at < 0) return undefined;
    const index = starts.findLastIndex((start) => start <= at);
    return segments[Math.max(0, index)]!.page;
  }
  const words = wordsOf(chrome.parts.join(' '));
  const lines = new Map<string, {page: number; texts: string[]}>();
  for (const {page, segment} of segments) {
    if (wordsOf(segment.text) === words) return page;
    const id = `${page}:${segment.line}`;
    const line = lines.get(id) ?? {page, texts: []};
    line.texts.push(segment.text);
    lines.set(id, line);
  }
  for (const line of lines.values()) if (wordsOf(line.texts.join(' ')) === words) return line.page;
  return undefined;
}

/**
 * No blank page (no ink in the content box; the cover excepted), no page more than half blank
 * before a box that fills the next page from its top and goes on (kept whole, it broke anyway; a
 * diagram turned sideways on a page of its own is not such a box), no dark page (most of the
 * content box dark, and most of the prose on it on a dark background: the site's dark mode, not
 * code blocks in a dark theme or a picture's own labels on its own dark background), and none of the site chrome the built pages carry (edit link,
 * last update, copyright, mobile TOC button, breadcrumbs, pagination) printed in its chapter.
 */
export async function checkPages({map, rasters, reader}: CheckContext): Promise<CheckResult> {
  const findings: Finding[] = [];
  let blank = 0;
  let dark = 0;
  let darkCode = 0;
  const articleKeys = new Map<ChapterPlace, string>();
  /** textKey of the article of the chapter a page is in; undefined outside chapters. */
  const articleKeyAt = (page: number) => {
    const place = map.chapters.find((chapter) => chapter.start !== undefined && chapter.start <= page && page <= chapter.end!);
    if (!place) return undefined;
    if (!articleKeys.has(place)) articleKeys.set(place, textKey(place.expected.article.text));
    return articleKeys.get(place);
  };
  for (const raster of rasters) {
    if (raster.page < map.coverPages) continue;
    if (raster.contentInk <= THRESHOLDS.blankInkPixels) {
      blank++;
      findings.push({page: raster.page + 1, text: 'blank: no ink in the content box'});
      continue;
    }
    if (!raster.darkGrid) continue;
    const items = map.drawn[raster.page] ?? [];
    // pdfjs knows a fixed-pitch font; the font's name tells the others.
    const names = items.some((item) => !item.mono) ? (await reader.operators(raster.page)).fontNames : new Map<string, string>();
    const isCode = (item: (typeof items)[number]) => Boolean(item.mono) || MONOSPACE_NAME.test(names.get(item.font ?? '') ?? '');
    const article = articleKeyAt(raster.page);
    const inArticle = (item: (typeof items)[number]) => {
      const key = textKey(item.str);
      return !article || (key.length >= THRESHOLDS.articleTextMinKey && article.includes(key));
    };
    const measured = proseOnDark(items, raster.darkGrid, (item) => !isCode(item) && inArticle(item));
    if (!isDarkPage(measured)) {
      darkCode++;
      continue;
    }
    dark++;
    const share = (measured.onDark / measured.prose) * 100;
    findings.push({
      page: raster.page + 1,
      text: `dark: ${(raster.darkShare * 100).toFixed(0)}% of the content box is dark, and ${share.toFixed(0)}% of its prose is on a dark background`,
    });
  }
  // A box kept whole (break-inside: avoid) that does not fit under what the page holds moves on,
  // and when it is taller than a page it breaks anyway: the page it left is blank for nothing.
  let stranded = 0;
  const byPage = new Map(rasters.map((raster) => [raster.page, raster]));
  // A diagram turned sideways has a page of its own that it fills, and does not go on: most of
  // that page's text runs sideways.
  const turned = (page: number) => {
    const items = (map.drawn[page] ?? []).filter((item) => item.str.trim() !== '');
    return items.filter((item) => item.rotated).length * 2 > items.length;
  };
  for (const place of map.chapters) {
    if (place.start === undefined || place.end === undefined) continue;
    for (let page = place.start; page < place.end; page++) {
      const [here, next] = [byPage.get(page), byPage.get(page + 1)];
      if (!here || !next || here.contentInk <= THRESHOLDS.blankInkPixels) continue;
      if (here.inkBottom >= THRESHOLDS.strandedInkBottom || next.boxToBottom < THRESHOLDS.fillingBoxShare || turned(page + 1)) continue;
      stranded++;
      findings.push({
        page: page + 1,
        text: `more than half blank (its ink ends at ${(here.inkBottom * 100).toFixed(0)} % of the text area) before a box that fills the next page and goes on: a box kept whole that breaks anyway`,
      });
    }
  }
  let chrome = 0;
  const maxSize = map.bodySize * THRESHOLDS.headingSizeRatio;
  for (const place of map.chapters) {
    const segments = chapterSegments(map, place);
    if (segments.length === 0) continue;
    for (const piece of place.expected.article.chrome) {
      const page = findChrome(piece, segments, maxSize);
      if (page === undefined) continue;
      chrome++;
      findings.push({
        page: page + 1,
        text: `"${place.expected.title}" prints site chrome (${piece.kind}): ${JSON.stringify(piece.parts.join(' › '))}`,
      });
    }
  }
  findings.sort((a, b) => (a.page ?? 0) - (b.page ?? 0));
  return resultOf(
    'pages',
    `${blank} blank pages, ${dark} dark pages (${darkCode} mostly dark with code or a picture, not prose, left out), ${stranded} more than half blank before a box that breaks anyway, ${chrome} pieces of site chrome printed`,
    findings,
    {blank, dark, darkCode, stranded, chrome},
  );
}
