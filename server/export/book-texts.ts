import type {SiteManifest} from '../../contracts/manifest';
import {nativeHeaderTemplate, pageFooterTemplate} from './page-templates';
import {interpolate, shippedMessages, type Messages} from '../../contracts/translations';

/** What the book says in words and numbers, in the locale of the site it is made from. */
export type BookTexts = {
  /** BCP 47 language of the book (the locale's `htmlLang`). */
  lang: string;
  direction: 'ltr' | 'rtl';
  /** Heading of the TOC, and its bookmark. */
  tocTitle: string;
  /** Header template of the native engine for a book of this title ('' for none). */
  headerTemplate: (bookTitle: string) => string;
  /** Footer template ('' for none). */
  footerTemplate: string;
  /** The cover's version line: "Version 2.0". */
  versionLine: (label: string) => string;
  /** The cover's date, written as the locale writes dates. */
  date: (when: Date) => string;
  /** A page number in the locale's digits, without grouping. */
  pageNumber: (page: number) => string;
};

/**
 * The plugin options where the site set them, else the plugin's texts in the
 * manifest's locale (a manifest of an older plugin has none: the shipped ones).
 */
export function bookTexts(manifest: SiteManifest): BookTexts {
  const {options, locale} = manifest;
  const texts: Messages = manifest.texts ?? shippedMessages(locale.current);
  const lang = locale.htmlLang ?? locale.current;
  const numbers = new Intl.NumberFormat(lang, {useGrouping: false});
  const dates = new Intl.DateTimeFormat(lang, {year: 'numeric', month: 'long', day: 'numeric'});
  return {
    lang,
    direction: locale.direction ?? 'ltr',
    tocTitle: options.tocTitle ?? texts['theme.ExportPdf.book.tocTitle'],
    headerTemplate: (bookTitle) => options.headerTemplate ?? nativeHeaderTemplate(bookTitle),
    footerTemplate: options.footerTemplate ?? pageFooterTemplate(texts['theme.ExportPdf.book.pageOf']),
    versionLine: (label) => interpolate(texts['theme.ExportPdf.book.version'], {version: label}),
    date: (when) => dates.format(when),
    pageNumber: (page) => numbers.format(page),
  };
}
