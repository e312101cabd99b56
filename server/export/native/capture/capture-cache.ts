import {createHash} from 'node:crypto';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {Chapter} from '../../book-plan';
import {withoutDocSidebar} from './built-html';
import type {CapturedPage, PageStyles} from './page/capture-page';

/** A page's HTML file in the site's build, and a digest of what a capture reads of it. */
export type BuiltFile = {path: string; digest: string};

/** A page as captured, and for one rendered in the browser the site's scripts it had loaded (paths on the site). */
export type CachedCapture = {page: CapturedPage; scripts?: string[]};

/*
 * The patterns below read attributes quoted or bare: the HTML minifier of Docusaurus Faster (SWC,
 * the default of a new 3.10 site) writes `<script src=/assets/js/runtime~main.1a2b.js defer>`.
 */

/**
 * Script tags, and links that only preload scripts: every rebuild names the site's JavaScript
 * bundles anew in every page (their names carry a hash of the whole site's code), while a page
 * taken from the build is parsed without running any script.
 */
const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>|<link\b[^>]*\brel=["']?(?:preload|prefetch|modulepreload)\b[^>]*>/gi;

/**
 * The bundler's runtime chunk (`runtime~main` in a Docusaurus build, webpack's or Rspack's): it holds the name of every
 * chunk of the site, so a rebuild after any doc changed names it anew in every page. It runs no
 * code of the site's own, and each chunk it loads for a page is itself a script the page loaded.
 */
const RUNTIME_SCRIPT_FILE = /\/runtime~[^/"]*\.js$/;
const RUNTIME_SCRIPT = /<script\b[^>]*\bsrc=["']?[^"'\s>]*\/runtime~[^/"'\s>]*\.js\b[^>]*>\s*<\/script>/gi;

/** Whether a built page names the file at `pathname` (a script's), whole: not as the start of a longer name. */
export function namesFile(html: string, pathname: string): boolean {
  for (let at = html.indexOf(pathname); at >= 0; at = html.indexOf(pathname, at + 1)) {
    if (/["'\s>]/.test(html[at + pathname.length] ?? '')) return true;
  }
  return false;
}

/** Whether a script the site loads is webpack's runtime chunk, named anew by every rebuild. */
export function isRuntimeScript(pathname: string): boolean {
  return RUNTIME_SCRIPT_FILE.test(pathname);
}

/** What rendering one page of a kind in the browser (kind-samples.ts) told of the kind's built pages. */
export type KindVerdict = {
  /** The kind (`Chapter.kind`); '' is plain Markdown. */
  kind: string;
  /** The page rendered to decide, and its capture cache fingerprint. */
  sample: {key: string; permalink: string; fingerprint?: string};
  /** Its pages render in a browser: the sample showed what its built page lacks. */
  render: boolean;
  /** What the sample showed that the build lacks; empty when nothing. */
  lacks: string;
  /** The site's scripts the sample's tab had loaded: the verdict holds while they are in the build. */
  scripts: string[];
};

type Entry = CachedCapture & {bytes: number};

/**
 * Pages captured from a static build, kept between exports. A page is reused while its HTML
 * file in the build says the same and the capture settings are the same. A page taken from the
 * build's HTML is compared without its scripts, so a rebuild after one doc changed captures
 * that doc again and reuses the others. A page rendered in the browser ran the site's scripts:
 * it is compared without the runtime chunk only, and reused while every other script it had
 * loaded is still in the build (webpack names each by a hash of its content), so a rebuild
 * that changed one doc reuses it too, and one that changed a component it ran does not.
 */
export class CaptureCache {
  readonly #entries = new Map<string, Entry>();
  readonly #styles = new Map<string, PageStyles>();
  readonly #verdicts: Map<string, KindVerdict>;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes = 128 * 1024 * 1024, verdicts = new Map<string, KindVerdict>()) {
    this.#maxBytes = maxBytes;
    this.#verdicts = verdicts;
  }

  /** A cache of its own for pages and styles that shares this one's kind verdicts: the trial export's. */
  withVerdictsOnly(): CaptureCache {
    return new CaptureCache(this.#maxBytes, this.#verdicts);
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
      // Read as latin1, a character a byte: what is cut below is ASCII markup, the digest is of the
      // same bytes, and decoding the build's UTF-8 was most of the time (0.28 s at 1,000 docs).
      const html = await fs.readFile(file, 'latin1').catch(() => undefined);
      if (html === undefined) continue;
      // A page parsed from the build is read without its docs sidebar (built-html.ts), which every
      // page holds: another doc's title or sidebar entry changed leaves the page's capture alone.
      const read = chapter.rendersInBrowser ? html.replace(RUNTIME_SCRIPT, '') : withoutDocSidebar(html).replace(SCRIPTS, '');
      return {path: file, digest: createHash('sha256').update(read, 'latin1').digest('hex')};
    }
    return undefined;
  }

  get(fingerprint: string | undefined): CachedCapture | undefined {
    return fingerprint === undefined ? undefined : this.#entries.get(fingerprint);
  }

  /** Keeps a page; `scripts`: those a page rendered in the browser had loaded, which must stay in the build. */
  set(fingerprint: string | undefined, page: CapturedPage, scripts?: string[]): void {
    if (fingerprint === undefined || this.#entries.has(fingerprint)) return;
    const bytes = page.html.length * 2 + (scripts ?? []).reduce((sum, script) => sum + script.length * 2, 0);
    this.#entries.set(fingerprint, {page, scripts, bytes});
    this.#bytes += bytes;
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }

  /**
   * Whether every script a page loaded is still in the build, by path on the site; `present`
   * remembers the answers of one export (pages share most of their scripts).
   */
  static async scriptsInBuild(
    buildDirArg: string,
    baseUrl: string,
    scripts: string[],
    present: Map<string, Promise<boolean>>,
  ): Promise<boolean> {
    const buildDir = path.resolve(buildDirArg);
    for (const script of scripts) {
      let found = present.get(script);
      if (!found) {
        const relative = script.startsWith(baseUrl) ? script.slice(baseUrl.length) : script.replace(/^\/+/, '');
        const file = path.join(buildDir, relative);
        found = file.startsWith(buildDir + path.sep)
          ? fs.stat(file).then(
              (stats) => stats.isFile(),
              () => false,
            )
          : Promise.resolve(false);
        present.set(script, found);
      }
      if (!(await found)) return false;
    }
    return true;
  }

  /**
   * The last verdict on a kind (kind-samples.ts), under the capture settings: the caller checks it
   * still holds (its sample unchanged, its scripts still in the build).
   */
  verdict(settings: string, kind: string): KindVerdict | undefined {
    return this.#verdicts.get(JSON.stringify([settings, kind]));
  }

  setVerdict(settings: string, verdict: KindVerdict): void {
    this.#verdicts.set(JSON.stringify([settings, verdict.kind]), verdict);
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
