import {normalizePath} from '../assemble/book-layout';
import type {PartPrinting} from '../render/print-content';
import {codeDigest} from './code-digest';
import {PrintCache} from './print-cache';

/**
 * What a content part's print depends on besides its HTML: how render prints it, and the machine.
 * `origin` is where the engine reaches the site (http://127.0.0.1:<port>): the part's stylesheet
 * and image URLs carry it, but the same build served on another port (the CLI picks a free one
 * each run, a second server has its own) prints the same part, so the key reads the HTML without it.
 */
export type PartSettings = Pick<PartPrinting, 'origin' | 'pdf' | 'box' | 'marginTop' | 'links'> & {
  /** `browser.version()`: another Chromium lays out and writes PDFs differently. */
  chromium: string;
  /** The installed fonts (server/fonts.ts installedFontsDigest): a font added prints text that was boxes. */
  fonts: string;
};

/** The folders of the native engine whose code prints a part. */
const PRINTING_CODE = ['render', 'shared'];

const ENTITIES: Record<string, string> = {'&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'", '&nbsp;': '\u00a0'};
const unescape = (value: string) => value.replace(/&(?:amp|quot|lt|gt|#39|nbsp);/g, (entity) => ENTITIES[entity]!);

/**
 * Where each marked link of the part goes, decided as render/page/book-links.ts linkBookPart
 * decides it: the part's print depends on these, not on the whole book's link tables, so a
 * heading added to another part leaves this part's key alone.
 */
export function partLinks(html: string, links: PartSettings['links']): string[] {
  const known = new Set(links.knownIds);
  const resolved = new Set<string>();
  for (const [tag] of html.matchAll(/<a\b[^>]*\bdata-export-path="[^"]*"[^>]*>/g)) {
    const linkPath = unescape(/\bdata-export-path="([^"]*)"/.exec(tag)![1]!);
    const hash = unescape(/\bdata-export-hash="([^"]*)"/.exec(tag)?.[1] ?? '');
    const key = links.chapterKeys[normalizePath(linkPath)];
    const id = key !== undefined && hash && known.has(`${key}--${hash}`) ? `${key}--${hash}` : key;
    resolved.add(`${linkPath}#${hash}→${id ?? 'site'}`);
  }
  return [...resolved].sort();
}

/** The print cache key of a content part: its HTML, the print settings, its links, Chromium and the printing code. */
export function partKey(html: string, settings: PartSettings): string {
  const {origin, pdf, box, marginTop, links, chromium, fonts} = settings;
  return PrintCache.key({
    kind: 'content-part',
    code: codeDigest(PRINTING_CODE),
    chromium,
    fonts,
    pdf,
    box,
    marginTop,
    publicOrigin: links.publicOrigin,
    links: partLinks(html, links),
    html: withoutOrigin(html, origin),
  });
}

/** `text` with the site's local origin taken out (see PartSettings.origin). */
export function withoutOrigin(text: string, origin: string): string {
  return origin ? text.split(origin).join('') : text;
}
