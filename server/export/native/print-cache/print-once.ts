import type {PDFOptions} from 'puppeteer-core';
import {codeDigest} from './code-digest';
import {withoutOrigin} from './part-key';
import {PrintCache} from './print-cache';

/** The print cache as an export uses it: the store, and what of the machine every print depends on. */
export type ExportPrintCache = {
  store: PrintCache;
  /** `browser.version()` and the installed fonts (server/fonts.ts installedFontsDigest): see part-key.ts PartSettings. */
  machine: {chromium: string; fonts: string};
};

/** The folders of the native engine whose code prints the cover, the TOC and the overlay. */
const FRONT_CODE = ['render', 'shared'];
const OVERLAY_CODE = ['merge', 'shared'];

/**
 * The bytes printed before for the same print, or `print()`'s, stored for the next export. What
 * the print depends on is `what` (its HTML or its inputs, its PDF options) and the machine.
 * Without a cache it prints.
 */
export async function printOnce(cache: ExportPrintCache | undefined, what: unknown, print: () => Promise<Uint8Array>): Promise<Uint8Array> {
  if (!cache) return print();
  const key = PrintCache.key({what, ...cache.machine});
  const kept = await cache.store.get(key);
  if (kept) return kept;
  const bytes = await print();
  await cache.store.put(key, bytes);
  return bytes;
}

/** What a cover or TOC print depends on: its HTML without the site's local origin, and how it is printed. */
export function frontMatterPrint(html: string, printing: {origin: string; pdf: PDFOptions; box: unknown}): unknown {
  return {
    kind: 'front-matter',
    code: codeDigest(FRONT_CODE),
    pdf: printing.pdf,
    box: printing.box,
    html: withoutOrigin(html, printing.origin),
  };
}

/** What a piece of the overlay depends on: the overlay page script's input and how it is printed. */
export function overlayPrint(input: unknown, pdf: PDFOptions): unknown {
  return {kind: 'overlay', code: codeDigest(OVERLAY_CODE), pdf, input};
}
