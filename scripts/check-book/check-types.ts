import type {BookMap} from './book-map';
import type {PdfBook, PdfReader} from './pdf-book';
import type {RasterSummary} from './raster';
import type {SiteExpectations} from './site-expectations';
import type {BookTags} from './structure/book-tags';
import type {Type3Text} from './type3-text';

/** The checks of the book's pages, in the order they run and print. */
export const BOOK_CHECK_IDS = [
  'docs',
  'prose',
  'panels',
  'sections',
  'toc',
  'bookmarks',
  'links',
  'embeds',
  'outside',
  'tofu',
  'fonts',
  'diagrams',
  'pages',
  'black',
  'controls',
  'names',
] as const;

/** The accessibility section: the structure tree and what it says (structure/). */
export const ACCESSIBILITY_CHECK_IDS = ['tagged', 'headings', 'figures', 'annotations', 'artifacts', 'matterhorn'] as const;

/** Every check, in the order they run and print. */
export const CHECK_IDS = [...BOOK_CHECK_IDS, ...ACCESSIBILITY_CHECK_IDS] as const;

export type CheckId = (typeof CHECK_IDS)[number];

/** One thing a check found wrong. */
export type Finding = {
  /** 1-based page number, when the finding has a page. */
  page?: number;
  /** What is wrong, with titles and figures. */
  text: string;
};

/** The outcome of one check. */
export type CheckResult = {
  id: CheckId;
  pass: boolean;
  /** The check's figure, e.g. "20/20 chapters in sidebar order". */
  figure: string;
  /** Every finding (the text report prints the first few). */
  findings: Finding[];
  /** Counts and other figures, for the JSON report. */
  measures: Record<string, number>;
  /** Per-item figures for the JSON report (prose: each chapter's coverage). */
  details?: unknown[];
};

/** What every check reads. */
export type CheckContext = {
  site: SiteExpectations;
  book: PdfBook;
  map: BookMap;
  /** One summary per page, by page index. */
  rasters: RasterSummary[];
  /** The open book, for what is read on demand (images of a page). */
  reader: PdfReader;
  /** Fonts as pdffonts lists them. */
  fonts: FontRow[];
  /** The structure tree and each page's marked content, read once, when a check first asks. */
  tags: () => Promise<BookTags>;
  /** The characters each Type 3 font's ToUnicode maps, read once, when a check first asks. */
  type3: () => Promise<Type3Text[]>;
};

/** A font of the book, as pdffonts lists it. */
export type FontRow = {name: string; type: string; encoding: string; embedded: boolean; object: string};

/** A check: reads the context, returns its result. */
export type Check = (context: CheckContext) => CheckResult | Promise<CheckResult>;

/** A result from its findings: it passes when there are none, unless `pass` says otherwise. */
export function resultOf(
  id: CheckId,
  figure: string,
  findings: Finding[],
  measures: Record<string, number> = {},
  pass = findings.length === 0,
): CheckResult {
  return {id, pass, figure, findings, measures};
}
