import {chapterSegments} from '../book-map';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import type {LinkAnnotation} from '../pdf-book';
import type {Segment} from '../text-lines';
import {wordsOf} from '../text-normal';

function inWebLink(segment: Segment, links: LinkAnnotation[]): boolean {
  const x = (segment.x0 + segment.x1) / 2;
  const y = (segment.top + segment.bottom) / 2;
  return links.some(({uri, rect}) => uri !== undefined && x >= rect.x0 && x <= rect.x1 && y >= rect.y0 && y <= rect.y1);
}

/**
 * No form control prints as a control: no AcroForm fields or widget annotations; no placeholder
 * of an article's input or textarea printed in its chapter; no article button's label printed as
 * a line or segment of its own; no value of a select with no label (a filter's "All") printed
 * alone. (A labelled field printed as "label: value" is fine.)
 */
export function checkControls({book, map}: CheckContext): CheckResult {
  const findings: Finding[] = [];
  if (book.formFields > 0) findings.push({text: `the PDF has an interactive form with ${book.formFields} fields`});
  let widgets = 0;
  for (const page of book.pages) {
    if (page.widgets === 0) continue;
    widgets += page.widgets;
    findings.push({page: page.index + 1, text: `${page.widgets} form-field widgets`});
  }
  let placeholders = 0;
  let buttons = 0;
  let values = 0;
  for (const place of map.chapters) {
    const {placeholders: wanted, buttonLabels, loneValues} = place.expected.article;
    if (wanted.length === 0 && buttonLabels.length === 0 && loneValues.length === 0) continue;
    // Each segment, and each whole line, as it reads.
    const printed = new Map<string, number>();
    const lines = new Map<string, {page: number; texts: string[]}>();
    for (const {page, segment} of chapterSegments(map, place)) {
      // The text of a web link is its address, whose last piece may wrap onto a line of its own
      // ("…demo.html?mode=" / "ios") and read as a button's label.
      if (inWebLink(segment, book.pages[page]!.links)) continue;
      if (!printed.has(wordsOf(segment.text))) printed.set(wordsOf(segment.text), page);
      const line = lines.get(`${page}:${segment.line}`) ?? {page, texts: []};
      line.texts.push(segment.text);
      lines.set(`${page}:${segment.line}`, line);
    }
    for (const line of lines.values())
      if (!printed.has(wordsOf(line.texts.join(' ')))) printed.set(wordsOf(line.texts.join(' ')), line.page);
    const pageOf = (text: string) => (wordsOf(text) ? printed.get(wordsOf(text)) : undefined);
    for (const text of wanted) {
      const page = pageOf(text);
      if (page === undefined) continue;
      placeholders++;
      findings.push({page: page + 1, text: `"${place.expected.title}": the placeholder ${JSON.stringify(text)} prints`});
    }
    for (const text of buttonLabels) {
      const page = pageOf(text);
      if (page === undefined) continue;
      buttons++;
      findings.push({page: page + 1, text: `"${place.expected.title}": the button ${JSON.stringify(text)} prints`});
    }
    for (const text of loneValues) {
      const page = pageOf(text);
      if (page === undefined) continue;
      values++;
      findings.push({
        page: page + 1,
        text: `"${place.expected.title}": ${JSON.stringify(text)}, the value of a control with no label, prints alone`,
      });
    }
  }
  return resultOf(
    'controls',
    `${book.formFields} form fields, ${widgets} widgets, ${placeholders} placeholders, ${buttons} buttons and ${values} lone control values printed`,
    findings,
    {formFields: book.formFields, widgets, placeholders, buttons, values},
  );
}
