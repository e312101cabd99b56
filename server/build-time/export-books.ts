import {promises as fs} from 'node:fs';
import type {Server} from 'node:http';
import path from 'node:path';
import logger from '@docusaurus/logger';
import type {BuildTimeOptions, PrebuiltBook} from '../../contracts/build-time';
import {PLUGIN_NAME, type SiteManifest} from '../../contracts/manifest';
import {loadSiteConfig} from '../built-site';
import {findChromium} from '../chromium';
import {WORK_ROOT, createExporter} from '../create-exporter';
import {DomainError} from '../errors';
import type {Exporter} from '../export/exporter';
import {ProgressReporter, type ProgressStream} from '../export-command/progress-reporter';
import {closeServer, freePort, listen} from '../listen';
import {httpSiteProbe} from '../site/site-probe';
import {createStaticSiteApp} from '../site/static-site';
import {LocalBookStore} from '../store/local-book-store';
import {describeBook, newIndex, publishBooks} from './prebuilt-files';
import {selectBooks, type PlannedBook} from './select-books';

export type BuildTimeExport = {
  /** The manifest of the locale just built; its `outDir` holds the build. */
  manifest: SiteManifest;
  buildTime: BuildTimeOptions;
  /** Every locale of the site, to check the `locales` option against. */
  siteLocales: string[];
  env?: NodeJS.ProcessEnv;
  /** Where progress goes: a bar on a terminal, one line per book in a log. */
  stream?: ProgressStream;
};

/** A book that could not be made: which one, and why, in the build's own error output. */
export class BookFailed extends Error {
  constructor(book: PlannedBook | undefined, error: unknown) {
    const what = book ? `the PDF of ${describe(book)}` : 'the PDFs';
    super(`[${PLUGIN_NAME}] Could not make ${what} at build time: ${reasonOf(error)}`, {cause: error});
    this.name = 'BookFailed';
  }
}

function describe(book: PlannedBook): string {
  const docs = book.docsPluginId === 'default' ? 'the docs' : `the docs "${book.docsPluginId}"`;
  return `${docs}, version ${book.versionLabel}, locale ${book.locale}`;
}

function reasonOf(error: unknown): string {
  if (error instanceof DomainError && error.detail && !error.message.includes(error.detail)) return `${error.message}: ${error.detail}`;
  return error instanceof Error ? error.message : String(error);
}

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

type Session = {exporter: Exporter; site: Server; staging: string};

/** The build served on a private port, as the CLI serves it, and an exporter whose PDFs go to `staging`. */
async function openSession(manifest: SiteManifest, staging: string, queueLimit: number, env: NodeJS.ProcessEnv): Promise<Session> {
  findChromium(env);
  const config = loadSiteConfig(manifest.siteDir, manifest, env);
  const port = await freePort();
  const siteOrigin = `http://127.0.0.1:${port}`;
  const store = new LocalBookStore(staging, {recordsBooks: false});
  const site = await listen(createStaticSiteApp(manifest, {store, apiPort: config.apiPort}), port, '127.0.0.1', 'site');
  try {
    const exporter = await createExporter({
      siteDir: manifest.siteDir,
      store,
      siteOrigin,
      servesBuild: true,
      siteProbe: httpSiteProbe(siteOrigin + manifest.baseUrl),
      engine: config.engine,
      native: config,
      timeoutMs: config.exportTimeoutMs,
      queueLimit,
      log: () => undefined,
      // Only this locale is built yet: other locales' manifests may be stale or absent.
      loadManifests: () => Promise.resolve(new Map([[manifest.locale.current, manifest]])),
    });
    return {exporter, site, staging};
  } catch (error) {
    await closeServer(site);
    throw error;
  }
}

async function closeSession({exporter, site}: Session): Promise<void> {
  await exporter.close(0).catch(() => undefined);
  site.closeAllConnections();
  await closeServer(site);
}

/** Makes each book in turn in one session; `fail` decides whether a failure stops the rest. */
async function makeBooks(
  session: Session,
  books: PlannedBook[],
  stream: ProgressStream,
  fail: (book: PlannedBook, error: unknown) => void,
): Promise<PrebuiltBook[]> {
  const made: PrebuiltBook[] = [];
  for (const [index, book] of books.entries()) {
    const startedAt = Date.now();
    const reporter = stream.isTTY ? new ProgressReporter({stream}) : undefined;
    const unsubscribe = reporter ? session.exporter.status.subscribe(reporter.update) : undefined;
    try {
      await session.exporter.export(book.fileName, {locale: book.locale, docsPluginId: book.docsPluginId, version: book.version});
      reporter?.finish();
      const entry = await describeBook(book, path.join(session.staging, book.fileName), new Date());
      made.push(entry);
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      logger.info(
        `[${PLUGIN_NAME}] ${index + 1}/${books.length} ${describe(book)}: pdf/${book.fileName}, ${entry.pages} pages, ${megabytes(entry.bytes)} in ${seconds} s`,
      );
    } catch (error) {
      reporter?.finish();
      fail(book, error);
    } finally {
      unsubscribe?.();
    }
  }
  return made;
}

/**
 * The plugin's `postBuild`: makes this locale's books from the build just
 * written, all in one Chromium, and puts them with their index under
 * `<outDir>/pdf/`. With `onError: 'fail'` the first book that fails stops the
 * build and nothing is put there; with `'warn'` it is left out, the others are
 * kept, and the index lists what was made.
 */
export async function exportAtBuildTime(setup: BuildTimeExport): Promise<PrebuiltBook[]> {
  const {manifest, buildTime} = setup;
  const books = selectBooks(manifest, buildTime, setup.siteLocales);
  if (books.length === 0) return [];
  const startedAt = new Date();
  const fail = (book: PlannedBook | undefined, error: unknown) => {
    const failure = new BookFailed(book, error);
    if (buildTime.onError === 'fail') throw failure;
    logger.warn(`${failure.message} (left out: buildTime.onError is "warn")`);
  };
  logger.info(`[${PLUGIN_NAME}] Making ${books.length} PDF${books.length === 1 ? '' : 's'} of locale ${manifest.locale.current}…`);
  await fs.mkdir(WORK_ROOT, {recursive: true});
  const staging = await fs.mkdtemp(path.join(WORK_ROOT, 'build-'));
  try {
    let made: PrebuiltBook[] = [];
    const session = await openSession(manifest, staging, books.length, setup.env ?? process.env).catch((error: unknown) => {
      fail(undefined, error);
      return undefined;
    });
    if (session) {
      try {
        made = await makeBooks(session, books, setup.stream ?? process.stderr, fail);
      } finally {
        await closeSession(session);
      }
    }
    await publishBooks(manifest.outDir, staging, newIndex(manifest.locale.current, made, startedAt));
    return made;
  } finally {
    await fs.rm(staging, {recursive: true, force: true});
  }
}
