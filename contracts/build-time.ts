import {Joi} from '@docusaurus/utils-validation';

/**
 * Books made by `docusaurus build`, for sites deployed as static files (GitHub
 * Pages, Netlify, Vercel, a bucket behind a CDN) where no API runs. Each
 * locale's build writes its books and their index under `<its outDir>/pdf/`.
 */
export type BuildTimeOptions = {
  /**
   * Docs versions of each exported docs instance: `'last'` (the version the
   * docs' root path shows, `lastVersion`), `'all'`, or version names or labels
   * (`current`, `1.0`). A name no instance has fails the build.
   */
  versions: 'last' | 'all' | string[];
  /**
   * Locales whose build makes books: `'all'` (every locale `docusaurus build`
   * builds), `'default'` (the site's default locale), or locale names.
   */
  locales: 'all' | 'default' | string[];
  /** Docs plugin instances exported: `'all'`, or ids. Unset: the `docsPluginId` option. */
  docsPluginIds?: 'all' | string[];
  /**
   * Name of each PDF under `pdf/`: `{docs}` (`docs` for the default instance,
   * else its id), `{version}` and `{locale}` are filled in.
   */
  fileName: string;
  /** A book that cannot be made fails the build (`'fail'`), or is left out with a warning (`'warn'`). */
  onError: 'fail' | 'warn';
};

export const DEFAULT_BUILD_TIME: BuildTimeOptions = {
  versions: 'last',
  locales: 'all',
  fileName: '{docs}-{version}-{locale}.pdf',
  onError: 'fail',
};

const names = Joi.array().items(Joi.string().min(1)).min(1);

/** `true` takes every default; an object fills in the missing ones; `false` turns it off. */
export const buildTimeSchema = Joi.alternatives(
  Joi.boolean(),
  Joi.object<BuildTimeOptions>({
    versions: Joi.alternatives(Joi.string().valid('last', 'all'), names).default(DEFAULT_BUILD_TIME.versions),
    locales: Joi.alternatives(Joi.string().valid('all', 'default'), names).default(DEFAULT_BUILD_TIME.locales),
    docsPluginIds: Joi.alternatives(Joi.string().valid('all'), names),
    fileName: Joi.string()
      .pattern(/^[^/\\]+\.pdf$/i, 'file name ending in .pdf, without a directory')
      .pattern(/\{version\}/, 'file name with {version}')
      .pattern(/\{locale\}/, 'file name with {locale}')
      .default(DEFAULT_BUILD_TIME.fileName),
    onError: Joi.string().valid('fail', 'warn').default(DEFAULT_BUILD_TIME.onError),
  }),
).default(false);

/** Folder of the prebuilt books and their index, under each locale's build directory. */
export const PREBUILT_DIR = 'pdf';

/** The index of a locale's prebuilt books, under its build directory (and its baseUrl). */
export const PREBUILT_INDEX_FILE = `${PREBUILT_DIR}/index.json`;

/** Raised when the index's shape changes. */
export const PREBUILT_INDEX_VERSION = 1;

/** One book made at build time. */
export type PrebuiltBook = {
  /** Docs plugin instance (`default` for the classic preset's docs). */
  docsPluginId: string;
  /** Docs version name (`current` for the docs folder). */
  version: string;
  /** The version's label, as the version dropdown shows it. */
  versionLabel: string;
  locale: string;
  /** File name, in the index's folder. */
  file: string;
  pages: number;
  bytes: number;
  /** SHA-256 of the file, hex. */
  sha256: string;
  /** When the book was made, ISO 8601. */
  generatedAt: string;
};

/** `pdf/index.json`: what a locale's build made, in the order it made it. */
export type PrebuiltIndex = {
  indexVersion: typeof PREBUILT_INDEX_VERSION;
  locale: string;
  generatedAt: string;
  books: PrebuiltBook[];
};

/** What `{docs}` stands for in a file name. */
export function docsNamePart(docsPluginId: string): string {
  return docsPluginId === 'default' ? 'docs' : docsPluginId;
}
