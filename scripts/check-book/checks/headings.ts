import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {chapterOfPage, contentElements, headingLevel, quoted} from '../structure/chapter-pages';
import {textKey} from '../text-normal';

type Heading = {level: number; text: string; page?: number};

/**
 * A heading's letters and digits in any order: right-to-left text that Chromium draws glyph by
 * glyph (ReversedChars) comes out of the marked content word by word in drawing order, which
 * need not be the reading order; the letters are the same.
 */
const letters = (text: string) => [...textKey(text)].sort().join('');

/** How far ahead a missing heading is looked for before it counts as missing. */
const LOOK_AHEAD = 6;

/**
 * Each doc's headings are tagged H1–H6 at their HTML level, with their text, in order: the
 * chapter title an H1, then the article's h2–h6; a part page's title an H1. Compared by their letters and digits, in
 * reading order; a heading the book tags that the HTML does not have is extra.
 */
export async function checkHeadings({tags, map, site}: CheckContext): Promise<CheckResult> {
  const book = await tags();
  const chapterOf = chapterOfPage(map);
  const partPages = new Set([...map.parts.values()].map((part) => part.page));
  const tagged: Heading[] = contentElements(book)
    .filter(
      (entry) =>
        headingLevel(entry.type) !== undefined &&
        (chapterOf(entry.page) !== undefined || (entry.page !== undefined && partPages.has(entry.page))),
    )
    .map((entry) => ({level: headingLevel(entry.type)!, text: entry.text, page: entry.page}));
  const findings: Finding[] = [];
  let expected = 0;
  let matched = 0;
  let wrongLevel = 0;
  let cursor = 0;
  // Chapters and part pages in book order, each with the headings it should have tagged.
  const places = [
    ...map.chapters
      .filter((place) => place.state === 'found')
      .map((place) => ({
        start: place.start!,
        expected: {title: place.expected.title},
        wanted: [{level: 1, text: place.expected.title}, ...place.expected.article.headings],
      })),
    ...site.parts.flatMap((part) => {
      const found = map.parts.get(part.key);
      return found ? [{start: found.page, expected: {title: part.title}, wanted: [{level: 1, text: part.title}]}] : [];
    }),
  ].sort((a, b) => a.start - b.start);
  for (const place of places) {
    for (const heading of place.wanted) {
      expected++;
      const key = letters(heading.text);
      const at = tagged.slice(cursor, cursor + LOOK_AHEAD).findIndex((candidate) => letters(candidate.text) === key);
      if (at < 0) {
        findings.push({
          page: place.start + 1,
          text: `${place.expected.title}: h${heading.level} ${quoted(heading.text)} is not tagged as a heading`,
        });
        continue;
      }
      const found = tagged[cursor + at]!;
      for (const extra of tagged.slice(cursor, cursor + at)) {
        findings.push({
          page: (extra.page ?? 0) + 1,
          text: `${place.expected.title}: H${extra.level} ${quoted(extra.text)} is not a heading of the page`,
        });
      }
      cursor += at + 1;
      if (found.level !== heading.level) {
        wrongLevel++;
        findings.push({
          page: (found.page ?? 0) + 1,
          text: `${place.expected.title}: ${quoted(heading.text)} is tagged H${found.level}, the page has h${heading.level}`,
        });
      } else {
        matched++;
      }
    }
  }
  for (const extra of tagged.slice(cursor)) {
    findings.push({page: (extra.page ?? 0) + 1, text: `H${extra.level} ${quoted(extra.text)} is not a heading of any page`});
  }
  const percent = expected === 0 ? 100 : (100 * matched) / expected;
  return resultOf(
    'headings',
    `${matched}/${expected} headings of the docs tagged at their level in order (${percent.toFixed(1)} %); ${wrongLevel} at another level; ${tagged.length} heading elements in the content`,
    findings,
    {expected, matched, wrongLevel, tagged: tagged.length},
  );
}
