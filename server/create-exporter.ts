import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {PLUGIN_NAME, type SiteManifest} from '../contracts/manifest';
import type {ServerConfig} from './config';
import type {ExportEngineName} from '../contracts/options';
import {DocsToPdfEngine} from './export/docs-to-pdf-engine';
import {EngineSelector} from './export/engine-selector';
import {Exporter} from './export/exporter';
import {NativeEngine} from './export/native/engine';
import {requireInstalled} from './optional-packages';
import {PrintCache} from './export/native/print-cache/print-cache';
import type {JobQueue, JobRunner} from './queue/job-queue';
import type {SiteProbe} from './site/site-probe';
import type {BookStore} from './store/book-store';

/** Parent of every export's scratch directory and of the warm browser's profile. */
export const WORK_ROOT = path.join(os.tmpdir(), 'docusaurus-export-pdf');

export type ExporterSetup = {
  siteDir: string;
  /** Where the books go: the configured store for the server, a directory for the CLI and the build. */
  store: BookStore;
  /** Origin the engines reach the site at. */
  siteOrigin: string;
  /** The site is served from its build, not by the dev server. */
  servesBuild: boolean;
  siteProbe: SiteProbe;
  /** Engine every export uses; unset: the one the site's plugin options name. */
  engine?: ExportEngineName;
  /** The native engine's settings (server/config.ts); default: tagged, concurrency from the machine, a 1 GiB print cache. */
  native?: Pick<ServerConfig, 'tagged' | 'renderConcurrency' | 'printCache'>;
  /** The DevTools WebSocket URL of a browser service the native engine uses instead of launching Chromium. */
  browserWsEndpoint?: string;
  timeoutMs: number;
  queueLimit: number;
  log: (line: string) => void;
  /** The manifests exports resolve against, read again for each export: the build's, or the dev server's. */
  loadManifests: () => Promise<Map<string, SiteManifest>>;
  /** The queue exports wait in; default: the in-process queue (server/queue/in-process-queue.ts). */
  queue?: (runner: JobRunner) => JobQueue;
};

/** The exporter with both engines, its scratch root ready and stale scratch files of dead exports gone. */
export async function createExporter(setup: ExporterSetup): Promise<Exporter> {
  // Forced on every export, so a server that cannot run it does not start (a site's choice is checked as it builds).
  if (setup.engine === 'docs-to-pdf') requireInstalled('docs-to-pdf');
  await fs.mkdir(WORK_ROOT, {recursive: true});
  const native = new NativeEngine({
    workRoot: WORK_ROOT,
    log: setup.log,
    tagged: setup.native?.tagged,
    renderTabs: setup.native?.renderConcurrency,
    browserWsEndpoint: setup.browserWsEndpoint,
    printCache: await openPrintCache(setup),
  });
  const exporter = new Exporter({
    engine: new EngineSelector({native, 'docs-to-pdf': new DocsToPdfEngine()}, setup.engine),
    store: setup.store,
    siteOrigin: setup.siteOrigin,
    servesBuild: setup.servesBuild,
    siteProbe: setup.siteProbe,
    loadManifests: setup.loadManifests,
    timeoutMs: setup.timeoutMs,
    queueLimit: setup.queueLimit,
    workRoot: WORK_ROOT,
    log: setup.log,
    queue: setup.queue,
  });
  await exporter.sweepStale();
  return exporter;
}

const DEFAULT_PRINT_CACHE_BYTES = 1024 * 1024 * 1024;

/** The print cache the settings ask for; none when its size cap is 0 or its directory cannot be made (the exports go on without). */
async function openPrintCache(setup: ExporterSetup): Promise<PrintCache | undefined> {
  const {dir = path.join(setup.siteDir, 'node_modules', '.cache', PLUGIN_NAME), maxBytes = DEFAULT_PRINT_CACHE_BYTES} =
    setup.native?.printCache ?? {};
  if (maxBytes === 0) return undefined;
  try {
    return await PrintCache.open({dir, maxBytes, log: setup.log});
  } catch (error) {
    setup.log(`warning: no print cache, every export prints the whole book: ${(error as Error).message}`);
    return undefined;
  }
}
