import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';

/** Every expected chapter is in the book, in sidebar order (see mapBook for how titles are found). */
export function checkDocs({map, book}: CheckContext): CheckResult {
  const findings: Finding[] = [];
  let found = 0;
  let missing = 0;
  let outOfOrder = 0;
  map.chapters.forEach((place, index) => {
    const {title, chapter} = place.expected;
    if (place.state === 'found') {
      found++;
      return;
    }
    if (place.state === 'missing') {
      missing++;
      findings.push({text: `chapter ${index + 1} "${title}" (${chapter.permalink}) is missing: no line "${title}" in title size`});
    } else {
      outOfOrder++;
      findings.push({
        page: place.start! + 1,
        text: `chapter ${index + 1} "${title}" is out of order: it starts before the chapter before it`,
      });
    }
  });
  if (map.toc && !map.toc.titleFound)
    findings.push({page: map.toc.start + 1, text: 'the table of contents title is not on the pages after the cover'});
  const total = map.chapters.length;
  return resultOf(
    'docs',
    `${found}/${total} chapters in sidebar order (${missing} missing, ${outOfOrder} out of order; ${book.pageCount} pages)`,
    findings,
    {
      chapters: total,
      found,
      missing,
      outOfOrder,
      pages: book.pageCount,
    },
  );
}
