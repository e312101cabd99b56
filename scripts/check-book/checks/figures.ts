import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import type {ChapterPlace} from '../book-map';
import {chapterOfPage, contentElements} from '../structure/chapter-pages';

/**
 * Figures carry their alternate text (Alt). A figure without Alt where the doc's HTML has as many
 * images without an alt attribute is the site's to fix: a warning per doc, which does not fail the
 * check. More figures without Alt than that, or a figure outside any doc without it, fails.
 * Decorative images (`alt=""`) are not figures: their drawing is an artifact.
 */
export async function checkFigures({tags, map}: CheckContext): Promise<CheckResult> {
  const book = await tags();
  const chapterOf = chapterOfPage(map);
  const byChapter = new Map<ChapterPlace | undefined, {withAlt: number; withoutAlt: number[]}>();
  let withAlt = 0;
  let withoutAlt = 0;
  for (const entry of contentElements(book)) {
    if (entry.type !== 'Figure') continue;
    const place = chapterOf(entry.page);
    const counts = byChapter.get(place) ?? {withAlt: 0, withoutAlt: []};
    byChapter.set(place, counts);
    if (entry.alt?.trim()) {
      counts.withAlt++;
      withAlt++;
    } else {
      counts.withoutAlt.push(entry.page ?? 0);
      withoutAlt++;
    }
  }
  const findings: Finding[] = [];
  let warnings = 0;
  let failures = 0;
  for (const [place, counts] of byChapter) {
    if (counts.withoutAlt.length === 0) continue;
    const siteMissing = place?.expected.article.images.withoutAlt ?? 0;
    const title = place?.expected.title ?? 'outside the docs';
    if (counts.withoutAlt.length <= siteMissing) {
      warnings++;
      findings.push({
        page: counts.withoutAlt[0]! + 1,
        text: `warning: ${title}: ${counts.withoutAlt.length} figure(s) without alternate text; the page has ${siteMissing} img without an alt attribute`,
      });
    } else {
      failures += counts.withoutAlt.length - siteMissing;
      findings.push({
        page: counts.withoutAlt[0]! + 1,
        text: `${title}: ${counts.withoutAlt.length} figure(s) without alternate text, but the page has ${siteMissing} img without an alt attribute`,
      });
    }
  }
  const decorative = map.chapters.reduce((sum, place) => sum + place.expected.article.images.decorative, 0);
  return resultOf(
    'figures',
    `${withAlt} figures with alternate text, ${withoutAlt} without (${warnings} docs warned for images the site gives no alt); ${decorative} decorative images on the pages`,
    findings,
    {withAlt, withoutAlt, warnings, failures, decorative},
    failures === 0,
  );
}
