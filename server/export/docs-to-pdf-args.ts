import type {SiteManifest} from '../../contracts/manifest';
import {defaultHeaderTemplate, escapeHtml} from './page-templates';
import {bookTexts} from './book-texts';

/** Print CSS every export gets: long code lines wrap instead of running off the page. */
export const BASE_PRINT_CSS = [
  'pre, pre code { white-space: pre-wrap !important; overflow-wrap: anywhere; word-break: break-word; }',
  '.theme-code-block { break-inside: auto; }',
  'img, svg { max-width: 100%; }',
  'table { break-inside: auto; } tr { break-inside: avoid; }',
  '.pdf-cover h1 { font-size: 2.6rem; } .pdf-cover h3 { font-weight: 400; color: #555; }',
].join('\n');

function resolveOnSite(manifest: SiteManifest, siteOrigin: string, src: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src)) return src;
  const sitePath = src.startsWith(manifest.baseUrl) ? src : manifest.baseUrl + src.replace(/^\//, '');
  return siteOrigin + sitePath;
}

export function coverImageUrl(manifest: SiteManifest, siteOrigin: string): string | undefined {
  const {coverImage} = manifest.options;
  if (coverImage === false) return undefined;
  const src = coverImage ?? manifest.logoPath;
  return src ? resolveOnSite(manifest, siteOrigin, src) : undefined;
}

export function coverTitle(manifest: SiteManifest): string {
  return manifest.options.coverTitle ?? manifest.title;
}

/**
 * The docs-to-pdf command line for a site: its `core` command with selectors
 * for Docusaurus 3 (its `docusaurus` command overrides our exclude selectors).
 */
export function docsToPdfArgs(
  manifest: SiteManifest,
  job: {siteOrigin: string; startPath: string; outputFile: string; browserArgs: string[]; timeoutMs: number},
): string[] {
  const {options} = manifest;
  const {margin} = options;
  const texts = bookTexts(manifest);
  const args = [
    'core',
    `--initialDocURLs=${job.siteOrigin}${job.startPath}`,
    '--contentSelector=article',
    '--paginationSelector=a.pagination-nav__link--next',
    `--outputPDFFilename=${job.outputFile}`,
    `--paperFormat=${options.paperFormat}`,
    `--pdfMargin=${margin.top},${margin.right},${margin.bottom},${margin.left}`,
    `--cssStyle=${[BASE_PRINT_CSS, options.css ?? ''].join('\n')}`,
    `--protocolTimeout=${job.timeoutMs}`,
  ];
  if (options.excludeSelectors.length > 0) {
    args.push(`--excludeSelectors=${options.excludeSelectors.join(',')}`);
  }
  if (options.disableCover) {
    args.push('--disableCover');
  } else {
    args.push(`--coverTitle=${escapeHtml(coverTitle(manifest))}`);
    const subtitle = options.coverSubtitle ?? manifest.tagline;
    if (subtitle) args.push(`--coverSub=${escapeHtml(subtitle)}`);
    const image = coverImageUrl(manifest, job.siteOrigin);
    if (image) args.push(`--coverImage=${image}`);
  }
  if (options.disableToc) {
    args.push('--disableTOC');
  } else {
    args.push(`--tocTitle=${escapeHtml(texts.tocTitle)}`);
  }
  const header = options.headerTemplate ?? defaultHeaderTemplate(coverTitle(manifest));
  const footer = texts.footerTemplate;
  if (header || footer) {
    // Chromium prints its own date/title header for an empty template, so an
    // unwanted side gets an empty element instead.
    args.push(`--headerTemplate=${header || '<span></span>'}`);
    args.push(`--footerTemplate=${footer || '<span></span>'}`);
  }
  if (job.browserArgs.length > 0) args.push(`--puppeteerArgs=${job.browserArgs.join(',')}`);
  return args;
}
