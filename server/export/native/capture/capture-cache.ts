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
/** The same for a page rendered in the browser, its inline scripts kept: they run there, and scripts it loads are compared by their contents. */
const SCRIPT_FILES = /<script\b[^>]*\bsrc=[^>]*>\s*<\/script>|<link\b[^>]*\brel="(?:preload|prefetch|modulepreload)"[^>]*>/gi;

/**
 * webpack's runtime chunk maps every chunk to the hash of its contents, so it changes, and is
 * named anew, whenever any doc does; a page depends on what it loads (its own chunks are
 * compared by their contents) and on the runtime's code: the build's runtime chunk of the same
 * name is read, without the hashes.
 */
const RUNTIME_CHUNK = /(?:^|\/)runtime~[^/]*\.js$/;
const CHUNK_HASH = /[0-9a-f]{8}/g;

type Entry = {fingerprint: string; page: CapturedPage; bytes: number; scripts?: Map<string, string>};

/**
 * Pages captured from a static build, kept between exports. A page is reused while its HTML
 * file in the build says the same, without its scripts, and the capture settings are the same:
 * a rebuild after one doc changed names every script anew in every page, captures that doc
 * again and reuses the others. A page rendered in the browser also ran the site's scripts: it
 * is reused while every script its tab had loaded says the same (CapturedPage.scripts).
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
      const read = html.replace(chapter.rendersInBrowser ? SCRIPT_FILES : SCRIPTS, '');
      return {path: file, digest: createHash('sha256').update(read).digest('hex')};
    }
    return undefined;
  }

  /**
   * The page captured for this fingerprint; for a page rendered in the browser, only while the
   * scripts its tab loaded are what they were in `build` (the build's folder and base URL).
   */
  async get(fingerprint: string | undefined, build?: {dir: string; baseUrl: string}): Promise<CapturedPage | undefined> {
    const entry = fingerprint === undefined ? undefined : this.#entries.get(fingerprint);
    if (!entry?.page.scripts) return entry?.page;
    if (!build || !entry.scripts) return undefined;
    const now = await scriptDigests(build.dir, build.baseUrl, [...entry.scripts.keys()]);
    return [...entry.scripts].every(([script, digest]) => now.get(script) === digest) ? entry.page : undefined;
  }

  /** Keeps a page captured from `build`; a page rendered in the browser with the digests of its scripts there. */
  async set(fingerprint: string | undefined, page: CapturedPage, build?: {dir: string; baseUrl: string}): Promise<void> {
    if (fingerprint === undefined || this.#entries.has(fingerprint)) return;
    const bytes = page.html.length * 2;
    const scripts = page.scripts && build ? await scriptDigests(build.dir, build.baseUrl, page.scripts) : undefined;
    this.#entries.set(fingerprint, {fingerprint, page, bytes, scripts});
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

/** The SHA-256 of each script's file in the build (the runtime chunk's without its chunk hashes); none for a script that is gone. */
async function scriptDigests(buildDir: string, baseUrl: string, scripts: string[]): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const script of scripts) {
    const relative = script.startsWith(baseUrl) ? script.slice(baseUrl.length) : script.replace(/^\/+/, '');
    const file = RUNTIME_CHUNK.test(script)
      ? await runtimeChunk(path.join(path.resolve(buildDir), relative))
      : path.join(buildDir, relative);
    const code = file && (await fs.readFile(file, 'utf8').catch(() => undefined));
    if (code === undefined) continue;
    const read = RUNTIME_CHUNK.test(script) ? code.replace(CHUNK_HASH, '#') : code;
    digests.set(script, createHash('sha256').update(read).digest('hex'));
  }
  return digests;
}

/** The build's one runtime chunk of the same name as `file` (runtime~main.<hash>.js), or undefined. */
async function runtimeChunk(file: string): Promise<string | undefined> {
  const name = path.basename(file).split('.')[0]!;
  const found = (await fs.readdir(path.dirname(file)).catch(() => [])).filter(
    (entry) => entry.startsWith(`${name}.`) && entry.endsWith('.js'),
  );
  return found.length === 1 ? path.join(path.dirname(file), found[0]!) : undefined;
}
