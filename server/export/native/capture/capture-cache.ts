import {createHash} from 'node:crypto';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {Chapter} from '../../book-plan';
import type {CapturedPage, PageStyles} from './page/capture-page';

/** A page's HTML file in the site's build, and a digest of what a capture reads of it. */
export type BuiltFile = {path: string; digest: string};

/**
 * Script tags, and links that only preload scripts: every rebuild names the site's JavaScript
 * bundles anew in every page (their names carry a hash of the whole site's code), while a page
 * taken from the build is parsed without running any script.
 */
const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>|<link\b[^>]*\brel="(?:preload|prefetch|modulepreload)"[^>]*>/gi;

type Entry = {fingerprint: string; page: CapturedPage; bytes: number};

/**
 * Pages captured from a static build, kept between exports. A page is reused while its HTML
 * file in the build says the same and the capture settings are the same. A page taken from the
 * build's HTML is compared without its scripts, so a rebuild after one doc changed captures
 * that doc again and reuses the others; a page rendered in the browser runs the site's
 * scripts, so any change to them captures it again.
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
    return file && JSON.stringify([settings, chapter.key, file.path, file.digest]);
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
      const html = await fs.readFile(file, 'utf8').catch(() => undefined);
      if (html === undefined) continue;
      const read = chapter.rendersInBrowser ? html : html.replace(SCRIPTS, '');
      return {path: file, digest: createHash('sha256').update(read).digest('hex')};
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
