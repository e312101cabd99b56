import {MIN_DIAGRAM_TEXT_PT} from '../../../server/export/native/render/diagram-text';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';

const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Diagram text is printed at MIN_DIAGRAM_TEXT_PT or larger. A diagram's text in the book is the
 * text items of its chapter's pages (outside the header and footer) that are a piece of one of
 * its labels, two characters or longer (a label printed over two lines is two items); a label
 * that is also the chapter's prose elsewhere is prose at body size, above any limit. Diagrams
 * whose labels print nowhere (drawn as an image) are not measured.
 */
export function checkDiagrams({map}: CheckContext): CheckResult {
  const findings: Finding[] = [];
  let diagrams = 0;
  let measured = 0;
  let small = 0;
  let smallest = Infinity;
  for (const place of map.chapters) {
    const labels = place.expected.article.diagrams;
    if (place.start === undefined || place.end === undefined || labels.length === 0) continue;
    diagrams += labels.length;
    const sizes = labels.map(() => ({size: Infinity, page: 0, text: ''}));
    const normalLabels = labels.map((list) => list.map(normal));
    for (let page = place.start; page <= place.end; page++) {
      for (const item of map.drawn[page] ?? []) {
        const text = normal(item.str);
        if (text.length < 2) continue;
        const diagram = normalLabels.findIndex((list) => list.some((label) => label.includes(text)));
        if (diagram < 0 || item.size >= sizes[diagram]!.size) continue;
        sizes[diagram] = {size: item.size, page, text: item.str.trim()};
      }
    }
    for (const {size, page, text} of sizes) {
      if (!Number.isFinite(size)) continue;
      measured++;
      smallest = Math.min(smallest, size);
      if (size >= MIN_DIAGRAM_TEXT_PT - 0.05) continue;
      small++;
      findings.push({
        page: page + 1,
        text: `"${place.expected.title}": a diagram's text prints at ${size.toFixed(1)} pt, under ${MIN_DIAGRAM_TEXT_PT} pt ("${text.slice(0, 40)}")`,
      });
    }
  }
  return resultOf(
    'diagrams',
    `${measured} of ${diagrams} diagrams measured, ${small} with text under ${MIN_DIAGRAM_TEXT_PT} pt; smallest text ${Number.isFinite(smallest) ? smallest.toFixed(1) : '-'} pt`,
    findings,
    {diagrams, measured, small, smallestPt: Number.isFinite(smallest) ? smallest : 0},
  );
}
