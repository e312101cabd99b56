import {load, type CheerioAPI} from 'cheerio/slim';
import {INTERACTIVE_PANELS} from '../../server/export/native/shared/interactive-panels';
import {diagramsOf} from './article-diagrams';
import {embedsOf, type ArticleEmbed} from './article-embeds';
import {wordsOf} from './text-normal';

/** What one page of the built site says the book should (and should not) print. */
export type ArticleFacts = {
  /** The page title: the article's h1. */
  title?: string;
  /** Text of the article comes before its h1: the h1 is a heading further down, not the page's title, unless it reads as the doc's title. */
  textBeforeTitle: boolean;
  /** The article's printable text, blocks separated by newlines. */
  text: string;
  /** Site chrome the page carries, which must not print. */
  chrome: ChromeText[];
  /** Placeholder texts of the article's inputs and textareas. */
  placeholders: string[];
  /** Visible labels of the article's buttons. */
  buttonLabels: string[];
  /** What the article's selects with no label show (a filter's "All"): the book prints no such word alone. */
  loneValues: string[];
  /**
   * The article's headings (h1 to h6; the title's h1 among them), in document order, each with the
   * words of its section: what follows it up to the next heading of its level or higher
   * (subsections included).
   */
  headings: Array<{level: number; text: string; words: number}>;
  /** The text of each code block (`pre`), in document order. */
  codeBlocks: string[];
  /** The article's link targets as written (href attributes). */
  hrefs: string[];
  /** Its images (`img`): with alternate text, decorative (`alt=""`), and with no alt attribute. */
  images: {withAlt: number; decorative: number; withoutAlt: number};
  /** Its frames, players and click-to-load video previews, which the book owes a link each. */
  embeds: ArticleEmbed[];
  /** Its diagrams (inline SVG with text), each as its labels (article-diagrams.ts). */
  diagrams: string[][];
};

/** A piece of site chrome: breadcrumbs have several parts, pagination a sublabel and a label. */
export type ChromeText = {kind: ChromeKind; parts: string[]};

export type ChromeKind = 'edit-this-page' | 'last-updated' | 'copyright' | 'toc-mobile' | 'breadcrumbs' | 'pagination';

/** Not meant to print: left out of the expected text. */
// A disclosure's button names what it shows (book-form.ts): it prints as its content.
const NOT_PRINTED = ['script', 'style', 'noscript', 'template', 'button:not([aria-expanded])', '.hash-link', '.katex-mathml', 'svg'];
const FORM_CONTROLS = ['input', 'textarea', 'select', 'option', 'datalist', 'meter', 'progress'];
/** Chrome that may sit inside the content root; the engine removes it. */
const CHROME_IN_CONTENT = [
  '.theme-doc-breadcrumbs',
  '.theme-doc-toc-mobile',
  '.theme-doc-toc-desktop',
  '.theme-doc-version-badge',
  '.theme-doc-version-banner',
  '.theme-doc-footer',
  '.theme-edit-this-page',
  '.theme-last-updated',
  '.pagination-nav',
];
/** Hidden by the site; tab panels are the exception, since the book shows every one. */
const HIDDEN = '[hidden]:not([role="tabpanel"])';

const BLOCK = new Set(
  'address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);

/** The parts of a parsed node this file reads (domhandler's shape). */
type DomNode = {type: string; name?: string; data?: string; children?: DomNode[]; attribs?: Record<string, string>};

function textOf(node: DomNode, out: string[]): void {
  if (node.type === 'text') {
    out.push(node.data ?? '');
    return;
  }
  if (node.type !== 'tag') return;
  const block = BLOCK.has(node.name ?? '');
  // An inline element the rendered page lays out as a box of its own (rendered-article.ts).
  const apart = block ? '\n' : node.attribs?.['data-check-box'] !== undefined ? ' ' : '';
  out.push(apart);
  for (const child of node.children ?? []) textOf(child, out);
  out.push(apart);
}

/** Text of elements with block boundaries kept as newlines, spaces collapsed per line. */
function printableText($: CheerioAPI, elements: ReturnType<CheerioAPI>): string {
  const out: string[] = [];
  elements.each((_, element) => textOf(element as unknown as DomNode, out));
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const HEADING = /^h[1-6]$/;

/** Whether some text comes before the first `tag` element under `root`, in document order. */
function textBefore(root: DomNode, tag: string): boolean {
  let found = false;
  let text = false;
  const walk = (node: DomNode) => {
    if (found || text) return;
    if (node.type === 'text') text = (node.data ?? '').trim() !== '';
    else if (node.type === 'tag' && node.name === tag) found = true;
    else for (const child of node.children ?? []) walk(child);
  };
  walk(root);
  return text && !found;
}

/** The headings h1–h6 under `root` in document order, each with the words up to the next heading of its level or higher. */
function sectionsOf(root: DomNode): ArticleFacts['headings'] {
  const headings: Array<ArticleFacts['headings'][number] & {open: boolean}> = [];
  const textOf = (node: DomNode): string =>
    node.type === 'text' ? (node.data ?? '') : node.type === 'tag' ? (node.children ?? []).map(textOf).join('') : '';
  const walk = (node: DomNode) => {
    if (node.type === 'text') {
      const count = (node.data ?? '').split(/\s+/).filter(Boolean).length;
      for (const heading of headings) if (heading.open) heading.words += count;
      return;
    }
    if (node.type !== 'tag') return;
    if (HEADING.test(node.name ?? '')) {
      const level = Number(node.name!.slice(1));
      for (const heading of headings) if (heading.level >= level) heading.open = false;
      headings.push({level, text: clean(textOf(node)), words: 0, open: true});
      return;
    }
    for (const child of node.children ?? []) walk(child);
  };
  for (const child of root.children ?? []) walk(child);
  return headings.map(({level, text, words}) => ({level, text, words}));
}

const clean = (text: string) => text.replace(/[\s\u200b]+/g, ' ').trim();

function selectorsRemoved($: CheerioAPI, root: ReturnType<CheerioAPI>, selectors: string[]): void {
  for (const selector of selectors) {
    try {
      root.find(selector).remove();
    } catch {
      // A selector cheerio cannot parse removes nothing here, as it would match nothing there.
    }
  }
}

function chromeOf($: CheerioAPI): ChromeText[] {
  const chrome: ChromeText[] = [];
  // An icon's <title> is no text on the page.
  const visibleText = (element: Parameters<CheerioAPI>[0]) => clean($(element).clone().find('svg, script, style').remove().end().text());
  const single = (kind: ChromeKind, selector: string) =>
    $(selector).each((_, element) => {
      const text = visibleText(element);
      if (text) chrome.push({kind, parts: [text]});
    });
  single('edit-this-page', '.theme-edit-this-page');
  single('last-updated', '.theme-last-updated');
  single('copyright', '.footer__copyright');
  single('toc-mobile', '.theme-doc-toc-mobile button');
  $('.theme-doc-breadcrumbs').each((_, element) => {
    const parts = $(element)
      .find('.breadcrumbs__item')
      .map((__, item) => visibleText(item))
      .get()
      .filter(Boolean);
    if (parts.length > 0) chrome.push({kind: 'breadcrumbs', parts});
  });
  $('.pagination-nav__link').each((_, element) => {
    const sublabel = visibleText($(element).find('.pagination-nav__sublabel'));
    const label = visibleText($(element).find('.pagination-nav__label'));
    if (sublabel && label) chrome.push({kind: 'pagination', parts: [sublabel, label]});
  });
  return chrome;
}

/**
 * Reads a built page: the article (`.theme-doc-markdown`; a generated index has none, so its
 * `main`), minus what never prints and what the export removes (`excludeSelectors`).
 */
export function readArticle(html: string, excludeSelectors: readonly string[]): ArticleFacts {
  const $ = load(html);
  const chrome = chromeOf($);
  let root = $('.theme-doc-markdown').first();
  if (root.length === 0) root = $('main').first();
  if (root.length === 0) root = $('article').first();
  if (root.length === 0) root = $('body');
  root = root.clone();
  selectorsRemoved($, root, [...CHROME_IN_CONTENT, ...INTERACTIVE_PANELS, ...excludeSelectors, HIDDEN]);

  const embeds = embedsOf($, root);
  const diagrams = diagramsOf($, root);
  const title = clean(root.find('h1').first().text()) || clean($('main h1').first().text()) || undefined;
  const textBeforeTitle = textBefore(root.get(0) as unknown as DomNode, 'h1');
  const placeholders = root
    .find('input[placeholder], textarea[placeholder]')
    .map((_, element) => clean($(element).attr('placeholder') ?? ''))
    .get()
    .filter(Boolean);
  const buttons = [
    ...root
      .find('button:not([aria-expanded])')
      .map((_, element) => clean($(element).text()))
      .get(),
    ...root
      .find('input[type="button"], input[type="submit"], input[type="reset"]')
      .map((_, element) => clean($(element).attr('value') ?? ''))
      .get(),
  ].filter(Boolean);
  // A tab's label prints above its panel by design (the engine's tab labels): a button with the
  // same text (a playground's language switch beside the tabs, "JavaScript" beside the tab
  // "Javascript") is not what printed. The checks compare lines in wordsOf form, so this does too.
  const tabLabels = new Set(
    root
      .find('[role="tab"]')
      .map((_, element) => wordsOf($(element).text()))
      .get(),
  );
  const tabbed = buttons.filter((label) => !tabLabels.has(wordsOf(label)));

  const hrefs = root
    .find('a[href]')
    .map((_, element) => $(element).attr('href') ?? '')
    .get()
    .filter(Boolean);

  const images = {withAlt: 0, decorative: 0, withoutAlt: 0};
  root.find('img').each((_, element) => {
    const alt = $(element).attr('alt');
    if (alt === undefined) images.withoutAlt++;
    else if (alt.trim() === '') images.decorative++;
    else images.withAlt++;
  });
  // A field's label prints with its value, or not at all (the engine's flattenControls): not owed.
  const fields = root.find('select, textarea, input:not([type="checkbox"], [type="radio"])');
  const labelled = (field: (typeof fields)[number]) =>
    !!$(field).attr('aria-label')?.trim() ||
    $(field).closest('label').length > 0 ||
    (!!$(field).attr('id') && root.find('label[for]').filter((_, label) => $(label).attr('for') === $(field).attr('id')).length > 0);
  const loneValues = fields
    .filter((_, field) => field.tagName === 'select' && !labelled(field))
    .map((_, field) => clean(($(field).find('option[selected]').first().text() || $(field).find('option').first().text()) ?? ''))
    .get()
    .filter(Boolean);
  const ids = new Set(fields.map((_, field) => $(field).attr('id') ?? '').get());
  root
    .find('label')
    .filter((_, label) => $(label).find(fields).length > 0 || (!!$(label).attr('for') && ids.has($(label).attr('for')!)))
    .filter((_, label) => clean($(label).clone().find('input, select, textarea').remove().end().text()).length <= 80)
    .remove();
  selectorsRemoved($, root, [...NOT_PRINTED, ...FORM_CONTROLS]);
  const headings = sectionsOf(root.get(0) as unknown as DomNode).filter((heading) => heading.text);
  // Prism writes a code block's lines as spans, without newlines between them.
  const codeBlocks = root
    .find('pre')
    .map((_, element) => {
      const lines = $(element).find('.token-line');
      return (
        lines.length > 0
          ? lines
              .map((__, line) => $(line).text())
              .get()
              .join('\n')
          : $(element).text()
      ).trim();
    })
    .get()
    .filter(Boolean);
  const text = printableText($, root);
  // A label the printed text also has as words of its own ("Angular" beside the heading
  // "Angular", "MD" beside a table's "md" cells) could be that text on a line of its own: only a
  // label nothing else in the article says tells that a button printed.
  const printedWords = ` ${wordsOf(text)} `;
  const buttonLabels = tabbed.filter((label) => !printedWords.includes(` ${wordsOf(label)} `));
  const lone = loneValues.filter((value) => !printedWords.includes(` ${wordsOf(value)} `));
  return {
    title,
    textBeforeTitle,
    text,
    chrome,
    placeholders,
    buttonLabels,
    loneValues: lone,
    headings,
    codeBlocks,
    hrefs,
    images,
    embeds,
    diagrams,
  };
}
