import {mkdir, mkdtemp, readdir, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {after, before, beforeEach} from 'node:test';
import type {SiteManifest} from '../../contracts/manifest';
import {DEFAULT_OPTIONS, type PluginOptions} from '../../contracts/options';
import type {OutlineDoc} from '../../contracts/outline';
import en from '../../contracts/translations/en';

/** A book store that holds no book and always answers, for API tests that never touch books. */
export const EMPTY_STORE = {list: async () => [], check: async () => 'running' as const};

/** Smallest byte string that passes the exporter's completeness check. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A doc of the test manifest's outline, titled as its sidebar label, served from the build. */
function outlineDoc(id: string, label: string): OutlineDoc {
  return {type: 'doc', id, label, title: label, permalink: `/docs/${id}`, mermaidDiagrams: 0, rendersInBrowser: false};
}

export function testManifest(overrides: Partial<SiteManifest> = {}, options: Partial<PluginOptions> = {}): SiteManifest {
  return {
    manifestVersion: 4,
    siteDir: '/site',
    outDir: '/site/build',
    baseUrl: '/',
    trailingSlash: undefined,
    siteUrl: 'https://docs.example.com',
    title: 'Example Docs',
    tagline: 'Docs & more',
    locale: {current: 'en', default: 'en', htmlLang: 'en', direction: 'ltr'},
    texts: en,
    startPath: '/docs/intro',
    logoPath: '/img/logo.svg',
    docs: [
      {
        pluginId: 'default',
        versions: [
          {
            name: 'current',
            label: 'Next',
            path: '/docs',
            isLast: true,
            sidebars: {
              docsSidebar: [
                outlineDoc('intro', 'Introduction'),
                {
                  type: 'category',
                  label: 'Guides',
                  items: [outlineDoc('guides/setup', 'Setup')],
                },
              ],
            },
            unlisted: [],
          },
        ],
      },
    ],
    options: {...(DEFAULT_OPTIONS as PluginOptions), ...options},
    ...overrides,
  };
}

/** Manifests by locale, as the exporter reads them. */
export function manifestsOf(...manifests: SiteManifest[]): Map<string, SiteManifest> {
  return new Map(manifests.map((manifest) => [manifest.locale.current, manifest]));
}

/** A fresh temporary directory, removed by the returned function. */
export async function tempDir(prefix: string): Promise<{dir: string; remove: () => Promise<void>}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  return {dir, remove: () => rm(dir, {recursive: true, force: true})};
}

/**
 * Hooks the calling suite up with a temporary root, removed after it, and a
 * fresh empty directory in it for each test. Call it before the suite's own
 * beforeEach, which then sees the test's directory.
 */
export function directoryPerTest(prefix: string): {root: () => string; dir: () => string} {
  let root: Awaited<ReturnType<typeof tempDir>>;
  let dir = '';
  before(async () => {
    root = await tempDir(prefix);
  });
  after(async () => root.remove());
  beforeEach(async () => {
    dir = path.join(root.dir, `docs-${Math.random().toString(36).slice(2)}`);
    await mkdir(dir);
  });
  return {root: () => root.dir, dir: () => dir};
}

/**
 * A documents directory's files without the exporter's book records
 * (`.<name>.book.json`, server/store/local-book-records.ts): the PDFs and any part file left behind.
 */
export async function documentFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => !/^\..+\.book\.json$/.test(name)).sort();
}

/** Sets an environment variable of this process for `run`, and restores it after. */
export async function withEnv<T>(name: string, value: string, run: () => Promise<T>): Promise<T> {
  const saved = process.env[name];
  process.env[name] = value;
  try {
    return await run();
  } finally {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  }
}
