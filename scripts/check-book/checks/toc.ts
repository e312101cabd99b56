import {HeadingFinder} from '../heading-finder';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {EntryMatcher, headingsByChapter} from '../entry-targets';
import {tocEntriesOf} from '../toc-entries';

/**
 * Every TOC entry prints the page its title really prints on: a doc or category entry its
 * chapter's first page (a part's entry its part page), a heading entry the page of that
 * heading's line in its chapter (headings found in order). Also reports entries whose link goes elsewhere, entries that stand for nothing
 * in the sidebar, and sidebar items without an entry.
 */
export function checkToc({site, book, map}: CheckContext): CheckResult {
  if (!map.toc) return resultOf('toc', 'no table of contents (disableToc)', []);
  const findings: Finding[] = [];
  const matcher = new EntryMatcher(site.nodes, undefined, headingsByChapter(site.chapters, [2]));
  const headings = new HeadingFinder(map, [2]);
  let entries = 0;
  let wrongNumber = 0;
  let wrongLink = 0;
  let unresolved = 0;
  for (let pageIndex = map.toc.start; pageIndex <= map.toc.end; pageIndex++) {
    const page = book.pages[pageIndex]!;
    for (const entry of tocEntriesOf(page.links, page.items, site.manifest.locale.direction === 'rtl')) {
      entries++;
      const at = pageIndex + 1;
      const target = matcher.next(entry.title);
      let real: number | undefined;
      if (target.kind === 'chapter' && target.partKey) {
        real = map.parts.get(target.partKey)?.page;
        if (real === undefined) {
          unresolved++;
          findings.push({page: at, text: `"${entry.title}": its part page is not in the book`});
          continue;
        }
      } else if (target.kind === 'chapter') {
        headings.restart(target.chapterKey);
        real = map.byKey.get(target.chapterKey)?.start;
        if (real === undefined) {
          unresolved++;
          findings.push({page: at, text: `"${entry.title}": its chapter is not in the book`});
          continue;
        }
      } else if (target.kind === 'heading') {
        real = headings.find(target.chapterKey, entry.title)?.page;
        if (real === undefined) {
          unresolved++;
          findings.push({page: at, text: `"${entry.title}": no such heading line in its chapter`});
          continue;
        }
      } else {
        unresolved++;
        findings.push({page: at, text: `"${entry.title}": stands for no sidebar item or heading`});
        continue;
      }
      if (entry.printed !== real + 1) {
        wrongNumber++;
        const printed = entry.printed === undefined ? 'no page number' : `page ${entry.printed}`;
        findings.push({page: at, text: `"${entry.title}": TOC says ${printed}, it prints on page ${real + 1}`});
      }
      if (entry.dest?.page !== real) {
        wrongLink++;
        const goes = entry.dest?.page === undefined ? 'nowhere' : `to page ${entry.dest.page + 1}`;
        findings.push({page: at, text: `"${entry.title}": its link goes ${goes}, the title prints on page ${real + 1}`});
      }
    }
  }
  const missing = matcher.unmatched();
  for (const item of missing) findings.push({text: `sidebar item "${item.label}" has no TOC entry`});
  return resultOf(
    'toc',
    `${entries} entries: ${wrongNumber} print a wrong page number, ${wrongLink} link elsewhere, ${unresolved} unresolved, ${missing.length} sidebar items without an entry`,
    findings,
    {entries, wrongNumber, wrongLink, unresolved, missingEntries: missing.length, tocPages: map.toc.end - map.toc.start + 1},
  );
}
