import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {STANDARD_TYPES, type StructElement} from '../structure/struct-tree';
import {contentElements, headingLevel, quoted} from '../structure/chapter-pages';
import {checkFigures} from './figures';
import {checkHeadings} from './headings';

/** Children each grouping element may have (ISO 32000-1, tables 336 and 337), and where its parts may sit. */
const CHILDREN: Record<string, string[]> = {
  L: ['LI', 'L', 'Caption'],
  LI: ['Lbl', 'LBody'],
  TOC: ['TOCI', 'TOC', 'Caption'],
  Table: ['TR', 'THead', 'TBody', 'TFoot', 'Caption'],
  THead: ['TR'],
  TBody: ['TR'],
  TFoot: ['TR'],
  TR: ['TH', 'TD'],
};
const PARENTS: Record<string, string[]> = {
  LI: ['L'],
  Lbl: ['LI', 'TOCI', 'BibEntry', 'Note'],
  LBody: ['LI'],
  TOCI: ['TOC'],
  TR: ['Table', 'THead', 'TBody', 'TFoot'],
  TH: ['TR'],
  TD: ['TR'],
};

/** The pages whose marked content an element owns, itself or through its descendants. */
function contentPages(element: StructElement, pages = new Set<number>()): Set<number> {
  for (const child of element.children) {
    if (child.kind === 'content') pages.add(child.page);
    else if (child.kind === 'element') contentPages(child, pages);
  }
  return pages;
}

type Condition = {checkpoint: string; condition: string; count: number; examples: string[]; site?: boolean};

/**
 * The failure conditions of the Matterhorn Protocol (PDF/UA-1) that a machine can check on our
 * books, each with its checkpoint number. A condition caused by the site's own pages (images
 * without an alt attribute, heading levels the page skips) is listed as the site's and does not
 * fail the check. The PDF/UA identifier (06-002) is not checked: the book does not claim PDF/UA.
 */
export async function checkMatterhorn(context: CheckContext): Promise<CheckResult> {
  const book = await context.tags();
  const conditions: Condition[] = [];
  const add = (checkpoint: string, condition: string, examples: string[], count = examples.length, site = false) => {
    if (count > 0) conditions.push({checkpoint, condition, count, examples: examples.slice(0, 3), site});
  };
  const untagged = book.marks.flatMap((marks, page) => marks.untagged.map((text) => `p. ${page + 1} ${quoted(text)}`));
  const nested = book.marks.flatMap((marks, page) => marks.nested.map((text) => `p. ${page + 1} ${quoted(text)}`));
  const repeatedHeaders = book.elements.filter((entry) => entry.type === 'TH' && contentPages(entry.element).size > 1);
  add(
    '01-001',
    'an artifact tagged as content: a table header cell that owns the header repeated on the pages its table goes on to',
    repeatedHeaders.map((entry) => `p. ${(entry.page ?? 0) + 1} ${quoted(entry.text)}`),
  );
  add('01-004', 'tagged content inside an artifact', nested);
  add('01-005', 'content neither tagged nor an artifact', untagged);
  add('01-007', 'MarkInfo /Suspects is true', book.suspects ? ['catalog'] : []);
  const nonStandard = book.elements.filter((entry) => !STANDARD_TYPES.has(entry.type));
  add('02-001', 'a structure type that is not standard and not role-mapped to one', [
    ...book.badRoleMaps,
    ...nonStandard.map((entry) => entry.type),
  ]);
  add('06-001', 'no XMP metadata stream', book.hasXmp ? [] : ['catalog']);
  add('06-003', 'the XMP metadata has no dc:title', book.hasXmp && !book.xmpTitle ? ['catalog'] : []);
  add('07-001', 'ViewerPreferences has no DisplayDocTitle', book.displayDocTitle === undefined ? ['catalog'] : []);
  add('07-002', 'DisplayDocTitle is false', book.displayDocTitle === false ? ['catalog'] : []);
  const misplaced: string[] = [];
  for (const entry of book.elements) {
    const parents = PARENTS[entry.type];
    if (parents && !parents.includes(entry.parent ?? ''))
      misplaced.push(`${entry.type} in ${entry.parent ?? 'the root'}${entry.page === undefined ? '' : ` (p. ${entry.page + 1})`}`);
    const children = CHILDREN[entry.type];
    for (const child of entry.element.children) {
      if (children && child.kind === 'element' && !children.includes(child.type))
        misplaced.push(`${child.type} in ${entry.type}${entry.page === undefined ? '' : ` (p. ${entry.page + 1})`}`);
    }
  }
  add('09-004/09-005', 'list, table or TOC elements not nested as ISO 32000-1 tables 336 and 337 say', misplaced);
  add('11-006', 'no document language (catalog /Lang)', book.lang ? [] : ['catalog']);
  const figures = await checkFigures(context);
  const withoutAlt = figures.measures.withoutAlt ?? 0;
  add(
    '13-004',
    'a Figure without alternate text',
    figures.findings.map((finding) => `p. ${finding.page} ${finding.text}`),
    withoutAlt,
    (figures.measures.failures ?? 0) === 0,
  );
  const levels = contentElements(book).flatMap((entry) => (headingLevel(entry.type) ? [{level: headingLevel(entry.type)!, entry}] : []));
  const fromSite = (await checkHeadings(context)).pass;
  if (levels.length > 0 && levels[0]!.level !== 1)
    add('14-002', 'the first heading is not H1', [`H${levels[0]!.level} ${quoted(levels[0]!.entry.text)}`]);
  const skips = levels.flatMap((heading, index) =>
    index > 0 && heading.level > levels[index - 1]!.level + 1
      ? [`p. ${(heading.entry.page ?? 0) + 1} H${levels[index - 1]!.level} → H${heading.level} ${quoted(heading.entry.text)}`]
      : [],
  );
  add('14-003', 'heading levels skipped', skips, skips.length, fromSite);
  const noScope = book.elements.filter((entry) => entry.type === 'TH' && !entry.element.scope);
  add(
    '15-003',
    'a TH cell without a Scope',
    noScope.map((entry) => `p. ${(entry.page ?? 0) + 1} ${quoted(entry.text)}`),
  );
  const links = book.annotations.filter((annotation) => annotation.subtype === 'Link');
  add(
    '28-011',
    'a link annotation not nested in a Link element',
    links.filter((link) => !book.linkObjects.has(link.ref)).map((link) => `p. ${link.page + 1} ${link.ref}`),
  );
  add(
    '28-012',
    'a link annotation without Contents',
    links.filter((link) => !link.contents?.trim()).map((link) => `p. ${link.page + 1} ${link.ref}`),
  );
  add(
    '28-009',
    'a page with annotations whose tab order (/Tabs) is not the structure order (S)',
    [...book.tabs].filter(([, tabs]) => tabs !== 'S').map(([page]) => `p. ${page + 1}`),
  );

  const findings: Finding[] = conditions.map((condition) => ({
    text: `${condition.site ? "the site's pages: " : ''}${condition.checkpoint} ${condition.condition}: ${condition.count} (${condition.examples.join('; ')})`,
  }));
  const failing = conditions.filter((condition) => !condition.site);
  return resultOf(
    'matterhorn',
    `${failing.length} machine-checkable Matterhorn failure conditions met, ${conditions.length - failing.length} by the site's own pages (01, 02, 06, 07, 09, 11, 13, 14, 15, 28 checked; PDF/UA identifier not claimed)`,
    findings,
    {failing: failing.length, site: conditions.length - failing.length},
    failing.length === 0,
  );
}
