import {chapterSegments, findLine} from '../book-map';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {THRESHOLDS} from '../thresholds';
import {textKey} from '../text-normal';

/**
 * No section prints empty that has words on the page: a heading followed by nothing before the
 * next heading of its level or higher (or the chapter's end), where the article has words in
 * that section. Headings are found in order after the chapter's title, at heading size first,
 * in their own case first.
 * Sections the page itself leaves empty are counted apart and do not fail.
 */
export function checkSections({map}: CheckContext): CheckResult {
  const findings: Finding[] = [];
  let sections = 0;
  let emptyOnSite = 0;
  const sized = map.bodySize * THRESHOLDS.headingSizeRatio;
  for (const place of map.chapters) {
    if (place.start === undefined) continue;
    const placed = chapterSegments(map, place);
    const segments = placed.map(({segment}) => segment);
    const titleEnd = place.afterTitle ? placed.findIndex(({page}) => page === place.afterTitle!.page) + place.afterTitle.segment : 0;
    let cursor = Math.max(0, titleEnd);
    const found: Array<{level: number; text: string; words: number; start: number; end: number}> = [];
    // Keys ignore case; where the first line of a heading's key is another text in capitals (a
    // "BODY" label under a "Body" heading), the line in the heading's own case is the heading.
    const asWritten = (at: {start: number; end: number}) =>
      segments
        .slice(at.start, at.end)
        .map((segment) => segment.text)
        .join('');
    const letters = (text: string) => text.replace(/[\s\u200b]+/g, '');
    for (const heading of place.expected.article.headings) {
      const key = textKey(heading.text);
      const first = findLine(segments, key, sized, cursor) ?? findLine(segments, key, 0, cursor);
      let at = first;
      while (at && letters(asWritten(at)) !== letters(heading.text)) at = findLine(segments, key, 0, at.end);
      at ??= first;
      if (!at) continue;
      found.push({...heading, ...at});
      cursor = at.end;
    }
    found.forEach((heading, index) => {
      sections++;
      if (heading.words === 0) {
        emptyOnSite++;
        return;
      }
      const next = found.slice(index + 1).find((other) => other.level <= heading.level);
      if ((next?.start ?? segments.length) > heading.end) return;
      findings.push({
        page: placed[heading.start]!.page + 1,
        text: `"${place.expected.title}": section ${JSON.stringify(heading.text)} prints nothing, where the page has ${heading.words} words`,
      });
    });
  }
  return resultOf(
    'sections',
    `${sections - findings.length - emptyOnSite}/${sections - emptyOnSite} sections with words on the page print some; ${findings.length} print empty (${emptyOnSite} empty on the site)`,
    findings,
    {sections, empty: findings.length, emptyOnSite},
  );
}
