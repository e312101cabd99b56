import type {PDFOptions} from 'puppeteer-core';
import type {BookPlan} from '../../book-plan';
import {bookTexts, type BookTexts} from '../../book-texts';
import type {ExportJob} from '../../engine';
import type {Capture} from '../capture/capture-chapters';
import {nonAsciiChars} from '../merge/ideograph-text';
import type {OutlineEntry} from '../merge/merge-book';
import type {BookLinks} from '../render/part-hrefs';
import {MARKER} from '../shared/markers';
import {contentBox} from '../shared/paper';
import {TOC_NUMBERS_CSS} from './book-css';
import {
  bookPartBody,
  bookPartCss,
  coverBody,
  coverCss,
  documentShell,
  tocBody,
  tocCss,
  tocRows,
  type TocRange,
  type TocRow,
} from './book-html';
import {chapterKeysByPath, destinationIds, outlineEntries, splitIntoParts, tocEntries} from './book-layout';

/** The book laid out as HTML documents, with everything printing and merging need to know about it. */
export type AssembledBook = {
  title: string;
  texts: BookTexts;
  /** Chromium's print settings, the same for every part. */
  pdf: PDFOptions;
  /** The text area of a page, CSS px. */
  box: {width: number; height: number};
  /** The cover document; absent with disableCover. */
  cover?: string;
  /** The TOC; absent with disableToc. */
  toc?: {
    /** Its rows: its entries, in the order they print. */
    rows: TocRow[];
    /** The TOC document, or the piece of it that prints `rows`, with the page-number column empty: what is printed into the book. */
    document: (rows?: TocRange) => string;
    /**
     * The same document with only the page numbers `pageOf` gives visible: laid out as the TOC
     * (numbers never reflow it), it prints each number where the TOC leaves room for it.
     */
    numbers: (pageOf: (target: string) => number | undefined, rows?: TocRange) => string;
  };
  /** The content, split into documents printed side by side. */
  parts: string[];
  /** What printing needs to point links inside the book. */
  links: BookLinks;
  /** Bookmarks: the TOC, the sidebar's items, each doc's headings. */
  outline: OutlineEntry[];
  metadata: {title: string; subject: string; language: string; direction: 'ltr' | 'rtl'};
  /** Every non-ASCII character the book's text holds (merge/ideograph-text.ts). */
  bookChars: ReturnType<typeof nonAsciiChars>;
};

export type AssembleInput = {
  job: ExportJob;
  plan: BookPlan;
  capture: Capture;
  /** Content parts are at least this many, so that every tab prints. */
  tabs: number;
  /** HTML per content part, in bytes. */
  partBytes: number;
  /** Print with a structure tree; default true. */
  tagged?: boolean;
};

/** Lays the captured pages out as a book: cover, TOC and content parts, without a browser. */
export function assemble({job, plan, capture, tabs, partBytes, tagged = true}: AssembleInput): AssembledBook {
  const {manifest} = job;
  const options = manifest.options;
  const texts = bookTexts(manifest);
  const title = options.coverTitle || manifest.title;
  const subtitle = options.coverSubtitle ?? manifest.tagline;
  const box = contentBox(options.paperFormat, options.margin);
  const pages = capture.pages;
  const chapters = plan.chapters.map((chapter) => ({
    key: chapter.key,
    chapter,
    page: pages.get(chapter.key)!,
    parts: plan.parts.filter((part) => part.chapterKey === chapter.key),
    html: pages.get(chapter.key)!.html,
  }));
  const ids = destinationIds(plan.chapters, pages, plan.parts);
  const partCss = bookPartCss(options.css, box.height);
  const toc = tocEntries(plan.nodes, pages);
  const margin = options.margin;
  return {
    title,
    texts,
    pdf: {
      format: options.paperFormat,
      margin: {top: `${margin.top}px`, right: `${margin.right}px`, bottom: `${margin.bottom}px`, left: `${margin.left}px`},
      printBackground: true,
      displayHeaderFooter: false,
      outline: false,
      tagged,
    },
    box,
    cover: options.disableCover
      ? undefined
      : documentShell(capture.styles, coverBody(cover(job, title, subtitle, texts)), coverCss(options.css)),
    toc: options.disableToc
      ? undefined
      : {
          rows: tocRows(toc),
          document: (rows) =>
            documentShell(
              capture.styles,
              tocBody(texts.tocTitle, toc, () => undefined, MARKER, String, rows),
              tocCss(options.css),
            ),
          numbers: (pageOf, rows) =>
            documentShell(
              capture.styles,
              tocBody(texts.tocTitle, toc, pageOf, MARKER, texts.pageNumber, rows),
              tocCss(options.css) + TOC_NUMBERS_CSS,
            ),
        },
    parts: splitIntoParts(chapters, tabs, partBytes).map((part) => documentShell(capture.styles, bookPartBody(part, ids), partCss)),
    links: {
      chapterKeys: chapterKeysByPath(plan.chapters),
      knownIds: new Set(plan.chapters.flatMap((chapter) => pages.get(chapter.key)!.ids)),
      publicOrigin: manifest.siteUrl.replace(/\/+$/, ''),
    },
    outline: outlineEntries(plan.nodes, pages, options.disableToc ? undefined : texts.tocTitle),
    metadata: {title, subject: options.coverSubtitle || manifest.tagline, language: texts.lang, direction: texts.direction},
    bookChars: nonAsciiChars([
      title,
      texts.tocTitle,
      texts.footerTemplate,
      options.coverSubtitle ?? '',
      ...[...pages.values()].map((page) => page.html),
    ]),
  };
}

/** The cover's facts: the version where the docs have several, the part exported, the date. */
function cover(job: ExportJob, title: string, subtitle: string, texts: BookTexts) {
  const {manifest} = job;
  const image = manifest.options.coverImage === false ? undefined : (manifest.options.coverImage ?? manifest.logoPath);
  const imageUrl = image && (/^[a-z]+:/i.test(image) ? image : job.siteOrigin + image);
  const facts: string[] = [];
  const versions = manifest.docs.find((docs) => docs.pluginId === job.docsPluginId)?.versions ?? [];
  if (versions.length > 1 && job.outlineVersion) facts.push(texts.versionLine(job.outlineVersion.label));
  if (job.subset) facts.push(job.subset.kind === 'category' ? job.subset.category.label : job.subset.doc.title);
  facts.push(texts.date(new Date()));
  return {title, subtitle, imageUrl, facts};
}
