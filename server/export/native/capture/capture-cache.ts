import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {Chapter} from '../../book-plan';
import type {CapturedPage, PageStyles} from './page/capture-page';

/** A page's HTML file in the site's build. */
export type BuiltFile = {path: string; size: number; mtimeMs: number};

type Entry = {fingerprint: string; page: CapturedPage; bytes: number};

/**
 * Pages captured from a static build, kept between exports. A page is reused
 * only while its HTML file in the build is the very same file (path, size,
 * modification time) and the capture settings are the same: any rebuild
 * rewrites the files, and so empties the cache for them.
 */
export class CaptureCache {
  readonly #entries = new Map<string, Entry>();
  readonly #styles = new Map<string, PageStyles>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes = 128 * 1024 * 1024) {
    this.#maxBytes = maxBytes;
  }

  /** Identity of the build's file for a page; undefined when there is none to trust. */
  static fingerprint(file: BuiltFile | undefined, chapter: Chapter, settings: string): string | undefined {
    return file && JSON.stringify([settings, chapter.key, file.path, file.size, file.mtimeMs]);
  }

  /** The HTML file the build wrote for a page; undefined when there is none. */
  static async builtFile(buildDirArg: string, baseUrl: string, chapter: Chapter): Promise<BuiltFile | undefined> {
    const buildDir = path.resolve(buildDirArg);
    let relative: string;
    try {
      relative = decodeURI(chapter.permalink);
    } catch {
      return undefined;
    }
    relative = relative.startsWith(baseUrl) ? relative.slice(baseUrl.length) : relative.replace(/^\/+/, '');
    const candidates = relative.endsWith('.html')
      ? [relative]
      : [path.join(relative, 'index.html'), `${relative.replace(/\/+$/, '')}.html`];
    for (const candidate of candidates) {
      const file = path.join(buildDir, candidate);
      if (!file.startsWith(buildDir + path.sep)) return undefined;
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat?.isFile()) return {path: file, size: stat.size, mtimeMs: stat.mtimeMs};
    }
    return undefined;
  }

  get(fingerprint: string | undefined): CapturedPage | undefined {
    return fingerprint === undefined ? undefined : this.#entries.get(fingerprint)?.page;
  }

  set(fingerprint: string | undefined, page: CapturedPage): void {
    if (fingerprint === undefined || this.#entries.has(fingerprint)) return;
    const bytes = page.html.length * 2;
    this.#entries.set(fingerprint, {fingerprint, page, bytes});
    this.#bytes += bytes;
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }

  /** The site's CSS as last captured from this build. */
  styles(buildDir: string): PageStyles | undefined {
    return this.#styles.get(buildDir);
  }

  setStyles(buildDir: string, styles: PageStyles): void {
    this.#styles.set(buildDir, styles);
  }

  get size(): number {
    return this.#entries.size;
  }
}
