import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';

/** Every expected chapter is in the book, in sidebar order, each part page before its first chapter (see mapBook for how titles are found). */
export function checkDocs({map, book, site}: CheckContext): CheckResult {
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
  const partsMissing = site.parts.filter((part) => !map.parts.has(part.key));
  for (const part of partsMissing)
    findings.push({text: `part page "${part.title}" is missing: no line "${part.title}" alone on the page before its first chapter`});
  if (map.toc && !map.toc.titleFound)
    findings.push({page: map.toc.start + 1, text: 'the table of contents title is not on the pages after the cover'});
  const total = map.chapters.length;
  return resultOf(
    'docs',
    `${found}/${total} chapters in sidebar order (${missing} missing, ${outOfOrder} out of order), ${site.parts.length - partsMissing.length}/${site.parts.length} part pages; ${book.pageCount} pages`,
    findings,
    {
      chapters: total,
      found,
      missing,
      outOfOrder,
      parts: site.parts.length,
      partsMissing: partsMissing.length,
      pages: book.pageCount,
    },
  );
}
