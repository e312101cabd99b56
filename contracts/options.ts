import {Joi} from '@docusaurus/utils-validation';
import type {OptionValidationContext} from '@docusaurus/types';
import {DEFAULT_BUILD_TIME, buildTimeSchema, type BuildTimeOptions} from './build-time';

/** Paper sizes Chromium's printer understands. */
export const PAPER_FORMATS = ['Letter', 'Legal', 'Tabloid', 'Ledger', 'A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6'] as const;

export type PaperFormat = (typeof PAPER_FORMATS)[number];

/** Page margins in CSS pixels (96 px = 1 inch). */
export type PdfMargin = {
  top: number;
  right: number;
  bottom: number;
  left: number;
};

/** The export engines the server can run. */
export const ENGINE_NAMES = ['native', 'docs-to-pdf'] as const;

/**
 * - `native`: reads the docs from the site's sidebars, captures pages in a warm
 *   browser, and renders a book: cover, TOC with page numbers, bookmarks, in-PDF links.
 * - `docs-to-pdf`: the docs-to-pdf CLI, which follows "next" links from the first page.
 */
export type ExportEngineName = (typeof ENGINE_NAMES)[number];

/** Options after validation: every field has its final value. */
export type PluginOptions = {
  /** Plugin instance id; only one instance is supported. */
  id: string;
  /**
   * Base URL of the export API, e.g. `https://docs.example.com:3001`.
   * Unset: the button asks the site server for the API port at run time and
   * calls the page's own host on it, falling back to `apiPort`.
   */
  apiUrl?: string;
  /** API port the button falls back to when the site server does not say. */
  apiPort: number;
  /**
   * Which engine turns the site into a PDF; EXPORT_ENGINE on the server overrides it. `docs-to-pdf`
   * is an optional peer the site installs (contracts/optional-packages.ts).
   */
  engine: ExportEngineName;
  /** Id of the docs plugin instance whose docs are exported. */
  docsPluginId: string;
  /**
   * Docs version exported when a request names none (`current`, `2.0`, or a
   * version label). Unset: the current version, else the first one.
   */
  version?: string;
  /** Locale exported when a request names none. Unset: the site's default locale. */
  locale?: string;
  /**
   * Site path of the first page to export, e.g. `/docs/intro`.
   * Unset: the first page of the first sidebar of the current docs version.
   */
  startPath?: string;
  /**
   * Directory the PDFs are written to and served from.
   * Relative paths resolve against the site directory.
   * The DOCS_PATH / DOCS_DIR environment variables override it.
   * Unset: `<siteDir>/pdfs`.
   */
  documentsDir?: string;
  /**
   * Site path of the page that lists the exported PDFs, with an Export button
   * (baseUrl is prepended). `false`: no such page.
   */
  exportsPage: string | false;
  /** Deadline of one export in milliseconds; the export is killed past it. */
  exportTimeoutMs: number;
  /** Title on the cover. Unset: the site title. */
  coverTitle?: string;
  /** Subtitle on the cover. Unset: the site tagline. */
  coverSubtitle?: string;
  /**
   * Image on the cover: an absolute URL or a path on the site (`/img/cover.png`).
   * Unset: the navbar logo. `false`: no image.
   */
  coverImage?: string | false;
  /** Leave out the cover page. */
  disableCover: boolean;
  /**
   * Heading of the table of contents. Unset: the translation of
   * `theme.ExportPdf.book.tocTitle` in the site's locale ("Table of Contents").
   */
  tocTitle?: string;
  /** Leave out the table of contents. */
  disableToc: boolean;
  /**
   * Leave out part pages. By default (native engine) a whole version's book prints a page with
   * the title of each top-level sidebar category that has no page of its own, and of each sidebar
   * after the first, before its first chapter; the TOC and the bookmarks point at it.
   */
  disableParts: boolean;
  /** Paper size of the PDF. */
  paperFormat: PaperFormat;
  /** Page margins in CSS pixels; the header and footer print inside them. */
  margin: PdfMargin;
  /** CSS selectors of elements removed from every page before printing. */
  excludeSelectors: string[];
  /**
   * Native engine on a built site (`docusaurus serve`): take a page straight
   * from its built HTML, without running the site's JavaScript, when the build
   * holds what a reader of the live page sees. A page renders in the browser
   * when its source uses Mermaid, live code, `<BrowserOnly>` or a component
   * imported from outside `@theme/` and `@docusaurus/`; when one page of its
   * kind (the same components), rendered once to judge, shows what its built
   * page lacks (a theme component that draws inside `BrowserOnly`); or when its
   * built HTML shows a lazy tab group or a placeholder. `false`: render every
   * page in the browser.
   */
  captureFromBuild: boolean;
  /** Extra CSS added to the document before printing. */
  css?: string;
  /**
   * Header of every page but the cover (HTML). Elements of class `pageNumber`,
   * `totalPages`, `title` (the chapter's title with the native engine, the page
   * title with docs-to-pdf) and `date` are filled in. Unset: the cover title at
   * the left and, with the native engine, the chapter title at the right.
   * `''`: no header.
   */
  headerTemplate?: string;
  /**
   * Footer of every page but the cover (HTML), as `headerTemplate`. Unset:
   * "Page X of Y" centred, in the site's locale (`theme.ExportPdf.book.pageOf`).
   * `''`: no footer.
   */
  footerTemplate?: string;
  /**
   * Make books during `docusaurus build`, for static hosting: each selected
   * docs instance × version × locale becomes `<outDir>/pdf/<fileName>`, listed
   * in `pdf/index.json`, and the button offers it when no API answers.
   * `true`: the defaults of {@link BuildTimeOptions}. Default `false`: no
   * Chromium starts during the build.
   */
  buildTime: BuildTimeOptions | false;
};

/** Options as written in `docusaurus.config`: all optional. */
export type Options = Partial<Omit<PluginOptions, 'buildTime'>> & {
  /** See {@link PluginOptions.buildTime}; `true` takes every default, an object fills in the missing ones. */
  buildTime?: boolean | Partial<BuildTimeOptions>;
};

export const DEFAULT_OPTIONS = {
  id: 'default',
  apiPort: 3001,
  engine: 'native',
  docsPluginId: 'default',
  exportsPage: '/pdf-exports',
  exportTimeoutMs: 3 * 60 * 1000,
  disableCover: false,
  disableToc: false,
  disableParts: false,
  paperFormat: 'A4',
  margin: {top: 64, right: 48, bottom: 64, left: 48},
  excludeSelectors: [
    '.theme-doc-breadcrumbs',
    '.theme-doc-version-badge',
    '.theme-doc-version-banner',
    '.theme-doc-toc-mobile',
    '.theme-doc-footer',
    '.pagination-nav',
    '.hash-link',
    '.theme-code-block [class*="buttonGroup"]',
  ],
  captureFromBuild: true,
  buildTime: false,
} satisfies Omit<PluginOptions, 'coverImage' | 'headerTemplate' | 'footerTemplate' | 'tocTitle'>;

const pixels = Joi.number().min(0).max(500);

const schema = Joi.object<PluginOptions>({
  id: Joi.string().default(DEFAULT_OPTIONS.id),
  apiUrl: Joi.string().uri({scheme: ['http', 'https']}),
  apiPort: Joi.number().port().default(DEFAULT_OPTIONS.apiPort),
  engine: Joi.string()
    .valid(...ENGINE_NAMES)
    .default(DEFAULT_OPTIONS.engine),
  docsPluginId: Joi.string().default(DEFAULT_OPTIONS.docsPluginId),
  version: Joi.string(),
  locale: Joi.string(),
  startPath: Joi.string().pattern(/^\//, 'site path starting with /'),
  documentsDir: Joi.string(),
  exportsPage: Joi.alternatives(Joi.string().pattern(/^\/[^?#]*$/, 'site path starting with /'), Joi.boolean().valid(false)).default(
    DEFAULT_OPTIONS.exportsPage,
  ),
  exportTimeoutMs: Joi.number().integer().min(1000).default(DEFAULT_OPTIONS.exportTimeoutMs),
  coverTitle: Joi.string().allow(''),
  coverSubtitle: Joi.string().allow(''),
  coverImage: Joi.alternatives(Joi.string(), Joi.boolean().valid(false)),
  disableCover: Joi.boolean().default(DEFAULT_OPTIONS.disableCover),
  tocTitle: Joi.string(),
  disableToc: Joi.boolean().default(DEFAULT_OPTIONS.disableToc),
  disableParts: Joi.boolean().default(DEFAULT_OPTIONS.disableParts),
  paperFormat: Joi.string()
    .valid(...PAPER_FORMATS)
    .insensitive()
    .default(DEFAULT_OPTIONS.paperFormat),
  margin: Joi.object<PdfMargin>({
    top: pixels.default(DEFAULT_OPTIONS.margin.top),
    right: pixels.default(DEFAULT_OPTIONS.margin.right),
    bottom: pixels.default(DEFAULT_OPTIONS.margin.bottom),
    left: pixels.default(DEFAULT_OPTIONS.margin.left),
  }).default(DEFAULT_OPTIONS.margin),
  excludeSelectors: Joi.array()
    .items(Joi.string().pattern(/^[^,]+$/, 'selector without a comma'))
    .default(DEFAULT_OPTIONS.excludeSelectors),
  captureFromBuild: Joi.boolean().default(DEFAULT_OPTIONS.captureFromBuild),
  css: Joi.string().allow(''),
  headerTemplate: Joi.string().allow(''),
  footerTemplate: Joi.string().allow(''),
  buildTime: buildTimeSchema,
});

/** Every option the schema declares, for the test that holds the table of docs/configuration.md to it. */
export function optionNames(): string[] {
  return Object.keys((schema.describe() as {keys: Record<string, unknown>}).keys);
}

export function validateOptions({validate, options}: OptionValidationContext<Options | undefined, PluginOptions>): PluginOptions {
  const normalized = validate(schema, options ?? {}) as Omit<PluginOptions, 'buildTime'> & {buildTime: boolean | BuildTimeOptions};
  const format = PAPER_FORMATS.find((known) => known.toLowerCase() === normalized.paperFormat.toLowerCase());
  return {
    ...normalized,
    apiUrl: normalized.apiUrl?.replace(/\/+$/, ''),
    paperFormat: format ?? DEFAULT_OPTIONS.paperFormat,
    buildTime: normalized.buildTime === true ? DEFAULT_BUILD_TIME : normalized.buildTime,
  };
}
