import type {Page} from 'puppeteer-core';
import {svgScope} from '../../server/export/native/capture/capture-chapters';
import {capturePage, type CaptureSettings, type CapturedPage} from '../../server/export/native/capture/page/capture-page';
import {openParserPage} from '../../server/export/native/capture/parser-page';
import {pageForSuite} from './suite-page';

/** Where the built pages the capture tests parse are served, as far as their links and images tell. */
export const PAGE_URL = 'http://127.0.0.1:3999/docs/guides/setup';

/** A built doc page as Docusaurus writes it, with `markdown` as its article's content. */
function docPage(markdown: string): string {
  return `<!doctype html><html><body><main><div class="container"><article><div class="theme-doc-markdown markdown">${markdown}</div></article></div></main></body></html>`;
}

/** How the capture tests parse a page: a parser tab for the suite, and what capturing an article in it gives. */
export type BuiltCapture = {
  /** The suite's parser tab. */
  page: () => Page;
  /** Captures a built page whose article holds `markdown`, as the chapter `key` ("guides/setup", titled "Setup"). */
  capture: (markdown: string, key?: string, overrides?: Partial<CaptureSettings>) => Promise<CapturedPage>;
};

/** Opens a parser tab for the suite (capture/parser-page.ts) and captures built pages in it. */
export function builtCaptureForSuite(): BuiltCapture {
  let page: Page;
  pageForSuite(openParserPage, (opened) => (page = opened));
  return {
    page: () => page,
    capture: (markdown, key = 'guides/setup', overrides = {}) =>
      page.evaluate(
        capturePage,
        {
          key,
          svgScope: svgScope(key),
          excludeSelectors: [],
          publicBase: 'https://docs.example.com/',
          longToken: 14,
          title: 'Setup',
          ...overrides,
        },
        {html: docPage(markdown), url: PAGE_URL},
      ),
  };
}
