import {escapeHtml} from '../../page-templates';
import type {Chapter} from '../../book-plan';
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
export function bookPartBody(chapters: Array<{chapter: Chapter; page: CapturedPage}>, destinationIds: Set<string>): string {
  const sections = chapters.map(
    ({chapter, page}) => `<section class="export-pdf-chapter" id="${escapeAttribute(chapter.key)}">${page.html}</section>`,
  );
  const ids = chapters.flatMap(({chapter, page}) => [chapter.key, ...page.ids.filter((id) => destinationIds.has(id))]);
  const hints = ids.map((id) => `<a href="#${escapeAttribute(encodeURIComponent(id))}">.</a>`).join('');
  return `${sections.join('\n')}<div class="export-pdf-dest-hints" aria-hidden="true">${hints}</div>`;
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

/**
 * The TOC; `pageOf` gives each target's page number (placeholders on the first
 * pass), `numeral` writes it in the locale's digits.
 */
export function tocBody(
  title: string,
  entries: TocEntry[],
  pageOf: (target: string) => number | undefined,
  marker: string,
  numeral: (page: number) => string = String,
): string {
  const list = (items: TocEntry[]): string =>
    items.length === 0
      ? ''
      : `<ol>${items
          .map((entry) => {
            const page = pageOf(entry.target);
            // A short doc entry stays on one page with its headings; a long one may break.
            const keep = entry.kind === 'doc' && entry.children.length <= KEEP_TOGETHER_ENTRIES ? ' export-pdf-keep' : '';
            return `<li class="export-pdf-${entry.kind}${keep}"><a href="${escapeAttribute(marker + encodeURIComponent(entry.target))}"><span class="export-pdf-entry-title">${escapeHtml(entry.title)}</span><span class="export-pdf-leader"></span><span class="export-pdf-page">${page === undefined ? '' : numeral(page)}</span></a>${list(entry.children)}</li>`;
          })
          .join('')}</ol>`;
  return `<nav class="export-pdf-toc"><h1>${escapeHtml(title)}</h1>${list(entries)}</nav>`;
}

export function tocCss(userCss: string | undefined): string {
  return TOC_CSS + (userCss ?? '');
}
