import {HeadingFinder} from '../heading-finder';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {destinationFit, type DestinationFit} from '../destination-fit';
import {EntryMatcher, headingsByChapter} from '../entry-targets';
import type {OutlineEntry} from '../pdf-book';
import type {Segment} from '../text-lines';
import {PT_PER_CSS_PX} from '../thresholds';

type Placed = {entry: OutlineEntry; ancestors: OutlineEntry[]};

function depthFirst(entries: OutlineEntry[], ancestors: OutlineEntry[] = [], out: Placed[] = []): Placed[] {
  for (const entry of entries) {
    out.push({entry, ancestors});
    depthFirst(entry.children, [...ancestors, entry], out);
  }
  return out;
}

const FIT_TEXT: Record<Exclude<DestinationFit, 'ok'>, string> = {
  'page-before-at-bottom': 'opens the page before, at its bottom margin',
  'wrong-page': 'opens the wrong page',
  below: 'lands below the top of the line',
  'far-above': 'lands more than a line above it',
};

/**
 * Every bookmark opens the page where its title really prints, at or just above that line:
 * sidebar entries (matched through the sidebar labels) their chapter's title, heading entries a
 * heading line with their text in the chapter, in order. Off-page and misplaced-y are counted apart.
 */
export function checkBookmarks({site, book, map}: CheckContext): CheckResult {
  const findings: Finding[] = [];
  const matcher = new EntryMatcher(
    site.nodes,
    site.options.disableToc ? undefined : site.tocTitle,
    headingsByChapter(site.chapters, [2, 3]),
  );
  const headings = new HeadingFinder(map, [2, 3]);
  const contentBottom = site.options.margin.bottom * PT_PER_CSS_PX;
  const entries = depthFirst(book.outline);
  let offPage = 0;
  let misplacedY = 0;
  let unresolved = 0;
  // The outline nests a doc's headings under its bookmark: an entry outside the last doc's
  // bookmark is a sidebar item, although that doc has a heading with its label.
  let chapterEntry: OutlineEntry | undefined;
  for (const {entry, ancestors} of entries) {
    const target = matcher.next(entry.title, chapterEntry !== undefined && ancestors.includes(chapterEntry));
    if (target.kind === 'chapter') chapterEntry = entry;
    if (!entry.dest || entry.dest.page === undefined) {
      unresolved++;
      findings.push({text: `"${entry.title}": no destination${entry.dest?.name ? ` (named "${entry.dest.name}" is not defined)` : ''}`});
      continue;
    }
    const opens = entry.dest.page + 1;
    let line: {page: number; segment?: Segment} | undefined;
    if (target.kind === 'toc') line = map.toc && {page: map.toc.start};
    else if (target.kind === 'chapter' && target.partKey) {
      const part = map.parts.get(target.partKey);
      line = part && {page: part.page, segment: part.title};
    } else if (target.kind === 'chapter') {
      headings.restart(target.chapterKey);
      const place = map.byKey.get(target.chapterKey);
      line = place?.start === undefined ? undefined : {page: place.start, segment: place.title};
    } else if (target.kind === 'heading') line = headings.find(target.chapterKey, entry.title);
    if (!line) {
      unresolved++;
      const why = target.kind === 'unknown' ? 'stands for no sidebar item or heading' : 'its line does not print in the book';
      findings.push({page: opens, text: `"${entry.title}": ${why}`});
      continue;
    }
    const fit = line.segment
      ? destinationFit(
          entry.dest,
          {page: line.page, top: line.segment.top, size: line.segment.size},
          contentBottom,
          target.kind === 'heading',
        )
      : entry.dest.page === line.page
        ? 'ok'
        : 'wrong-page';
    if (fit === 'ok') continue;
    if (fit === 'below' || fit === 'far-above') misplacedY++;
    else offPage++;
    const y = entry.dest.y === null ? '' : ` y=${entry.dest.y.toFixed(0)}`;
    const top = line.segment ? ` (line top y=${line.segment.top.toFixed(0)})` : '';
    findings.push({page: opens, text: `"${entry.title}" ${FIT_TEXT[fit]}: opens page ${opens}${y}, prints on page ${line.page + 1}${top}`});
  }
  const missing = matcher.unmatched();
  for (const item of missing) findings.push({text: `sidebar item "${item.label}" has no bookmark`});
  return resultOf(
    'bookmarks',
    `${entries.length} bookmarks: ${offPage} open the wrong page, ${misplacedY} a wrong y, ${unresolved} unresolved, ${missing.length} sidebar items without one`,
    findings,
    {entries: entries.length, offPage, misplacedY, unresolved, missing: missing.length},
  );
}
