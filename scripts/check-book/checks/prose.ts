import {chapterSegments, type BookMap, type ChapterPlace} from '../book-map';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {articleWords, brokenWords} from '../broken-words';
import {alignProse, type TextPart} from '../coverage';
import {THRESHOLDS} from '../thresholds';
import type {TextItem} from '../text-lines';
import {pdfTextKey, proseUnits} from '../text-normal';

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

/** The chapter's text items in reading order (line by line) and in the order they are drawn. */
function chapterOrders(map: BookMap, place: ChapterPlace): TextPart[][] {
  const ids = new Map<TextItem, number>();
  const part = (item: TextItem): TextPart => {
    let id = ids.get(item);
    if (id === undefined) ids.set(item, (id = ids.size));
    return {id, key: pdfTextKey(item.str), text: item.str};
  };
  const reading = chapterSegments(map, place).flatMap(({segment}) => segment.items.map(part));
  const drawn =
    place.start === undefined
      ? []
      : map.drawn
          .slice(place.start, place.end! + 1)
          .flat()
          .map(part);
  return [reading, drawn];
}

/**
 * The words of every article (CJK: characters) are in its chapter's PDF text, in order (see
 * alignProse). Passes when the whole book's coverage reaches THRESHOLDS.proseCoverage, no chapter
 * has lost a block (below THRESHOLDS.chapterProseFloor, missing THRESHOLDS.chapterProseMissing
 * words or more) and no ordinary word is broken over two lines without a hyphen (see
 * brokenWords); chapters below the coverage are listed worst first with the first words they miss.
 */
export function checkProse({map}: CheckContext): CheckResult {
  const options = {
    ahead: THRESHOLDS.proseWindowAhead,
    jump: THRESHOLDS.proseJump,
    behind: THRESHOLDS.proseWindowBehind,
    resyncReach: THRESHOLDS.proseResyncReach,
    resyncWords: THRESHOLDS.proseResyncWords,
    resyncChars: THRESHOLDS.proseResyncChars,
  };
  let total = 0;
  let found = 0;
  const chapters: Array<{title: string; page?: number; share: number; missed: number; sample: string[]; broken: string[]}> = [];
  for (const place of map.chapters) {
    const units = proseUnits(place.expected.article.text, THRESHOLDS.proseChunkChars);
    const lines = chapterSegments(map, place).map(({segment}) => segment.text);
    const coverage = alignProse(units, chapterOrders(map, place), options, lines);
    total += coverage.total;
    found += coverage.found;
    const share = coverage.total === 0 ? 1 : coverage.found / coverage.total;
    const drawn = place.start === undefined ? [] : map.drawn.slice(place.start, place.end! + 1).flat();
    const broken = brokenWords(drawn, articleWords(place.expected.article.text, THRESHOLDS.brokenWordMinLength));
    chapters.push({
      title: place.expected.title,
      page: place.start === undefined ? undefined : place.start + 1,
      share,
      missed: coverage.total - coverage.found,
      sample: coverage.missing.slice(0, 12).map((unit) => unit.text),
      broken: broken.map((word) => `${word.before}|${word.after}`),
    });
  }
  const overall = total === 0 ? 1 : found / total;
  // What rendering the pages added: words only the browser draws, which their built HTML lacks.
  const builtWords = map.chapters.reduce((sum, place) => sum + place.expected.builtWords, 0);
  const readWords = map.chapters.reduce((sum, place) => sum + place.expected.article.text.split(/\s+/).filter(Boolean).length, 0);
  const findings: Finding[] = chapters
    .filter((chapter) => chapter.share < THRESHOLDS.proseCoverage)
    .sort((a, b) => a.share - b.share)
    .map((chapter) => ({
      page: chapter.page,
      text: `"${chapter.title}": ${percent(chapter.share)}, ${chapter.missed} missing, e.g. ${chapter.sample.map((word) => JSON.stringify(word)).join(' ')}`,
    }));
  const below = findings.length;
  const lost = chapters.filter(
    (chapter) => chapter.share < THRESHOLDS.chapterProseFloor && chapter.missed >= THRESHOLDS.chapterProseMissing,
  ).length;
  let brokenTotal = 0;
  for (const chapter of chapters) {
    if (chapter.broken.length === 0) continue;
    brokenTotal += chapter.broken.length;
    findings.push({
      page: chapter.page,
      text: `"${chapter.title}": ${chapter.broken.length} words broken over two lines without a hyphen, e.g. ${chapter.broken.slice(0, 8).join(' ')}`,
    });
  }
  const result = resultOf(
    'prose',
    `${percent(overall)} of ${total} words found (needs ${percent(THRESHOLDS.proseCoverage)}); ${below} of ${chapters.length} chapters below that, ${lost} below ${percent(THRESHOLDS.chapterProseFloor)} (a block lost); ${brokenTotal} words broken inside; the pages as read have ${readWords} words, their built HTML ${builtWords}`,
    findings,
    {coverage: overall, words: total, found, chaptersBelow: below, chaptersLost: lost, brokenWords: brokenTotal, readWords, builtWords},
    overall >= THRESHOLDS.proseCoverage && lost === 0 && brokenTotal <= THRESHOLDS.brokenWordsAllowed,
  );
  return {
    ...result,
    details: chapters.map(({title, page, share, missed, sample, broken}) => ({
      chapter: title,
      page,
      coverage: share,
      missing: missed,
      sample,
      broken,
    })),
  };
}
