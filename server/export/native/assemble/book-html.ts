import {escapeHtml} from '../../page-templates';
import type {BookPart, Chapter} from '../../book-plan';
import {BOOK_CSS, COVER_CSS, TOC_CSS} from './book-css';
import type {CapturedPage, PageStyles} from '../capture/page/capture-page';

/** An entry of the printed table of contents. */
export type TocEntry = {
  title: string;
  /** Id of the destination in the book (chapter key or heading id). */
  target: string;
  kind: 'category' | 'doc' | 'heading';
  children: TocEntry[];
};

const escapeAttribute = escapeHtml;

/** Headings a doc may have in the TOC and still be kept on one page with them. */
const KEEP_TOGETHER_ENTRIES = 8;

/** A complete HTML document that wears the site's CSS, in the light theme. */
export function documentShell(styles: PageStyles, body: string, css: string): string {
  const links = styles.links.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('\n');
  const inline = styles.inline.map((text) => `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>`).join('\n');
  return `<!doctype html>
<html class="${escapeAttribute(styles.htmlClass)}" lang="${escapeAttribute(styles.lang)}" dir="${escapeAttribute(styles.dir || 'ltr')}" data-theme="light">
<head>
<meta charset="utf-8">
${links}
${inline}
<style>${css}</style>
</head>
<body>${body}</body>
</html>`;
}

/**
 * Chapters of one part of the book. The hidden links make Chromium write a
 * named destination for each id, which is how the merge finds where headings landed.
 */
export function bookPartBody(
  chapters: Array<{chapter: Chapter; page: CapturedPage; parts?: BookPart[]}>,
  destinationIds: Set<string>,
): string {
  const sections = chapters.map(
    ({chapter, page, parts}) =>
      (parts ?? []).map(partPage).join('') +
      `<section class="export-pdf-chapter" id="${escapeAttribute(chapter.key)}">${page.html}</section>`,
  );
  const ids = chapters.flatMap(({chapter, page, parts}) => [
    ...(parts ?? []).map((part) => part.key),
    chapter.key,
    ...page.ids.filter((id) => destinationIds.has(id)),
  ]);
  const hints = ids.map((id) => `<a href="#${escapeAttribute(encodeURIComponent(id))}">.</a>`).join('');
  return `${sections.join('\n')}<div class="export-pdf-dest-hints" aria-hidden="true">${hints}</div>`;
}

/** A part's page: its title alone, a third of the way down. */
function partPage(part: BookPart): string {
  return `<section class="export-pdf-part" id="${escapeAttribute(part.key)}"><h1>${escapeHtml(part.title)}</h1></section>`;
}

/** The book's print rules, for a page whose text area is `contentHeight` CSS px tall, then the user's CSS. */
export function bookPartCss(userCss: string | undefined, contentHeight: number): string {
  return `:root { --export-pdf-content-height: ${Math.floor(contentHeight)}px; }\n${BOOK_CSS}${userCss ?? ''}`;
}

export type Cover = {
  title: string;
  subtitle: string;
  imageUrl?: string;
  /** Small lines under the subtitle: version, date. */
  facts: string[];
};

export function coverBody(cover: Cover): string {
  const image = cover.imageUrl ? `<img src="${escapeAttribute(cover.imageUrl)}" alt="">` : '';
  const subtitle = cover.subtitle ? `<p class="export-pdf-subtitle">${escapeHtml(cover.subtitle)}</p>` : '';
  const facts = cover.facts.map((fact) => `<div>${escapeHtml(fact)}</div>`).join('');
  return `<div class="export-pdf-cover">${image}<h1>${escapeHtml(cover.title)}</h1>${subtitle}<div class="export-pdf-facts">${facts}</div></div>`;
}

export function coverCss(userCss: string | undefined): string {
  return COVER_CSS + (userCss ?? '');
}

/** A row of the TOC: one of its entries, which print in the order of tocRows. */
export type TocRow = Pick<TocEntry, 'target' | 'kind'>;

/** A stretch of the TOC's rows: from row `from` up to, not including, row `to`. */
export type TocRange = {from: number; to: number};

/** The TOC's entries in the order they print, each one row. */
export function tocRows(entries: TocEntry[]): TocRow[] {
  return entries.flatMap((entry) => [{target: entry.target, kind: entry.kind}, ...tocRows(entry.children)]);
}

/**
 * The TOC, or its rows `rows` alone (render/toc-pieces.ts prints a long TOC in pieces); `pageOf`
 * gives each target's page number (none on the printed TOC, whose numbers merge stamps),
 * `numeral` writes it in the locale's digits. A piece after the first has no title, and the
 * entries its first rows belong to are there as bare list items, so that it is indented as in
 * the whole TOC; its first row has no space above it, as at the top of a page of the whole TOC.
 */
export function tocBody(
  title: string,
  entries: TocEntry[],
  pageOf: (target: string) => number | undefined,
  marker: string,
  numeral: (page: number) => string = String,
  rows: TocRange = {from: 0, to: Infinity},
): string {
  let row = 0;
  const list = (items: TocEntry[]): string => {
    const html = items
      .map((entry) => {
        const index = row++;
        const printed = index >= rows.from && index < rows.to;
        const children = list(entry.children);
        if (!printed) return children === '' ? '' : `<li class="export-pdf-${entry.kind}">${children}</li>`;
        const page = pageOf(entry.target);
        // A short doc entry stays on one page with its headings; a long one may break.
        const keep = entry.kind === 'doc' && entry.children.length <= KEEP_TOGETHER_ENTRIES ? ' export-pdf-keep' : '';
        const first = index === rows.from && rows.from > 0 ? ' class="export-pdf-first"' : '';
        return `<li class="export-pdf-${entry.kind}${keep}"><a${first} href="${escapeAttribute(marker + encodeURIComponent(entry.target))}"><span class="export-pdf-entry-title">${escapeHtml(entry.title)}</span><span class="export-pdf-leader"></span><span class="export-pdf-page">${page === undefined ? '' : numeral(page)}</span></a>${children}</li>`;
      })
      .join('');
    return html === '' ? '' : `<ol>${html}</ol>`;
  };
  const body = list(entries);
  return rows.from === 0
    ? `<nav class="export-pdf-toc"><h1>${escapeHtml(title)}</h1>${body}</nav>`
    : `<nav class="export-pdf-toc">${body}</nav>`;
}

export function tocCss(userCss: string | undefined): string {
  return TOC_CSS + (userCss ?? '');
}
