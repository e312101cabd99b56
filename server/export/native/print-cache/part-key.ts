import {createHash} from 'node:crypto';
import {partHrefs} from '../render/part-hrefs';
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
    // Where the part's own links go, not the whole book's link tables: a heading added to
    // another part leaves this part's key alone.
    links: partHrefs(html, links),
    // Hashed apart, so that the key's JSON is not a copy of the part's 0.5 MB of HTML.
    html: createHash('sha256').update(withoutOrigin(html, origin)).digest('hex'),
  });
}

/** `text` with the site's local origin taken out (see PartSettings.origin). */
export function withoutOrigin(text: string, origin: string): string {
  return origin ? text.split(origin).join('') : text;
}
