import {randomBytes} from 'node:crypto';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {BrowserState} from '../../contracts/api';
import type {SiteManifest} from '../../contracts/manifest';
import {Busy, DomainError, EngineFailed} from '../errors';
import {defaultFileName} from '../file-name';
import type {SiteProbe} from '../site/site-probe';
import type {BookStore} from '../store/book-store';
import type {BookRecord} from '../../contracts/api';
import {looksLikeCompletePdf, removeQuietly} from './atomic-file';
import type {ExportEngine} from './engine';
import {ExportStatusBoard} from './export-status';
import {resolveExportTarget, type ExportSelection, type ExportTarget} from './export-target';
import {isAlive} from './process-tree';

/** A finished export. */
export type ExportResult = {
  /** Name of the book in the store. */
  fileName: string;
  /** Where the book is: the file's absolute path, or its `s3://` URL. */
  pdfPath: string;
  /** Size in bytes. */
  fileSize: number;
};

export type ExporterOptions = {
  engine: ExportEngine;
  /** Where finished books are committed. */
  store: BookStore;
  /** Origin the engine reaches the site at. */
  siteOrigin: string;
  /** The site is served from its build (serve mode), not by the dev server. */
  servesBuild?: boolean;
  siteProbe: SiteProbe;
  /** Reads the manifests the plugin wrote, by locale; throws when the site is not built. */
  loadManifests: () => Promise<Map<string, SiteManifest>>;
  /** Deadline of one export, from the moment it starts running. */
  timeoutMs: number;
  /** Exports allowed to wait behind the running one. */
  queueLimit: number;
  /** Parent of every export's scratch directory. */
  workRoot: string;
  log: (line: string) => void;
  /** Where the exports report their progress; default: a board of this exporter's own. */
  statusBoard?: ExportStatusBoard;
};

/** How a request follows its export. */
export type ExportRequestOptions = {
  /** The client's id for this export, to find it in the status endpoint and event stream. */
  clientId?: string;
};

const WORK_DIR = /^(\d+)-[0-9a-f]+$/;

/**
 * The only place that knows about concurrency, deadlines and files: one export
 * runs at a time, requests for a file name already queued or running share its
 * result, and a PDF only ever appears in the book store whole.
 */
export class Exporter {
  readonly #options: ExporterOptions;
  readonly #pending = new Map<string, {id: string; result: Promise<ExportResult>}>();
  /** Progress of the queued, running and recent exports. */
  readonly status: ExportStatusBoard;
  readonly #shutdown = new AbortController();
  #closing = false;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: ExporterOptions) {
    this.#options = options;
    this.status = options.statusBoard ?? new ExportStatusBoard();
  }

  /** Exports queued or running. */
  get size(): number {
    return this.#pending.size;
  }

  /**
   * Queues an export of the selected locale, docs and version (the site's defaults
   * when unset) to `fileName` (unset: the default name of that book). An unknown
   * locale, docs plugin or version is a 400 before anything queues.
   */
  async export(
    requestedName: string | undefined,
    selection: ExportSelection = {},
    request: ExportRequestOptions = {},
  ): Promise<ExportResult> {
    const target = resolveExportTarget(await this.#loadManifests(), selection);
    const fileName = requestedName ?? defaultFileName(target);
    this.#options.engine.check?.(target);
    const subsetKey =
      target.subset?.kind === 'category'
        ? `category:${target.subset.category.label}`
        : target.subset?.kind === 'doc'
          ? `doc:${target.subset.doc.id}`
          : '';
    const key = JSON.stringify([fileName, target.locale, target.docsPluginId, target.version, target.startPath, subsetKey]);
    const shared = this.#pending.get(key);
    if (shared) {
      this.status.joined(shared.id, request.clientId);
      return shared.result;
    }
    if (this.#closing) return Promise.reject(shuttingDown());
    if (this.#pending.size > this.#options.queueLimit) {
      return Promise.reject(new Busy('Too many exports are waiting; try again later', Math.ceil(this.#options.timeoutMs / 1000)));
    }
    const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
    this.status.queued(id, {
      fileName,
      locale: target.locale,
      docsPluginId: target.docsPluginId,
      version: target.version,
      clientId: request.clientId,
    });
    const result = this.#tail.then(() => this.#run(id, fileName, target));
    const forget = () => {
      this.#pending.delete(key);
    };
    this.#tail = result.then(forget, forget);
    this.#pending.set(key, {id, result});
    return result;
  }

  /**
   * Has the engine of the site's default book start what it keeps between exports (the native
   * engine's browser: about half a second at launch), so the first export finds it running.
   * Never fails: an engine that cannot start says so when an export asks for it.
   */
  async warm(): Promise<void> {
    try {
      const {manifest} = resolveExportTarget(await this.#loadManifests());
      if (!this.#closing) await this.#options.engine.warm?.({manifest});
    } catch {
      // The first export reports it, with the error mapped as every export's is.
    }
  }

  /** The state of the browser the engine keeps between exports, for /health; none: it keeps none. */
  browserState(): BrowserState | undefined {
    return this.#options.engine.browserState?.();
  }

  /** Removes what exports whose process is gone left: scratch directories here, uncommitted books in the store. */
  async sweepStale(): Promise<void> {
    const {store, workRoot} = this.#options;
    await store.sweepStale();
    const workDirs = await fs.readdir(workRoot).catch(() => [] as string[]);
    for (const name of workDirs) {
      const owner = WORK_DIR.exec(name)?.[1];
      if (owner && !isAlive(Number(owner))) await removeQuietly(path.join(workRoot, name));
    }
  }

  /**
   * Refuses new and queued exports at once, gives the running one `graceMs` to
   * finish, then aborts it (its process tree is killed); resolves when all are settled.
   */
  async close(graceMs = 0): Promise<void> {
    this.#closing = true;
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([this.#tail, graceOver]);
    clearTimeout(timer);
    this.#shutdown.abort();
    await this.#tail;
    await this.#options.engine.close?.();
  }

  async #run(jobId: string, fileName: string, target: ExportTarget): Promise<ExportResult> {
    const {store, engine, log} = this.#options;
    const startedAt = Date.now();
    const workDir = path.join(this.#options.workRoot, jobId);
    const temporary = store.stagingFile(fileName, jobId, workDir);
    const say = (line: string) => log(`[export ${jobId}] ${line}`);
    if (this.#closing) {
      const failure = shuttingDown();
      this.status.failed(jobId, failure.message);
      throw failure;
    }
    this.status.started(jobId);
    const part = target.subset
      ? `, only ${target.subset.kind} ${target.subset.kind === 'doc' ? target.subset.doc.id : target.subset.category.label}`
      : '';
    say(`${fileName}: ${target.locale}/${target.docsPluginId}/${target.version}${part} from ${target.startPath}`);
    try {
      // Step 1: no output of an earlier run is reused.
      await removeQuietly(workDir);
      await fs.mkdir(workDir, {recursive: true});
      await store.ready();
      // Step 2: the site must be up, or the export fails now rather than at the deadline.
      if (!(await this.#options.siteProbe())) {
        throw new EngineFailed('not-created', `The site is not running at ${this.#options.siteOrigin}.`);
      }
      // Step 3: the engine writes the temporary file.
      await engine.run({
        manifest: target.manifest,
        docsPluginId: target.docsPluginId,
        startPath: target.startPath,
        outlineVersion: target.outlineVersion,
        subset: target.subset,
        siteOrigin: this.#options.siteOrigin,
        buildDir: this.#options.servesBuild ? target.manifest.outDir : undefined,
        outputFile: temporary,
        workDir,
        timeoutMs: Math.max(1, this.#options.timeoutMs - (Date.now() - startedAt)),
        signal: this.#shutdown.signal,
        log: say,
        onProgress: (progress) => this.status.progress(jobId, progress),
      });
      this.status.writing(jobId);
      // Step 4: only a complete PDF replaces the destination.
      if (!(await looksLikeCompletePdf(temporary))) {
        throw new EngineFailed('not-created', 'The engine finished without writing a complete PDF.');
      }
      const {fileSize, pdfPath} = await store.commit(fileName, temporary, bookRecord(target), jobId);
      say(`${fileName}: ${fileSize} bytes in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
      this.status.succeeded(jobId, {fileSize});
      return {fileName, pdfPath, fileSize};
    } catch (error) {
      const failure = asDomainError(error);
      this.status.failed(jobId, failure.message, failure.detail);
      say(`${fileName}: failed: ${failure.message}${failure.detail ? ` (${failure.detail})` : ''}`);
      throw failure;
    } finally {
      await removeQuietly(temporary);
      await removeQuietly(workDir);
    }
  }

  async #loadManifests(): Promise<Map<string, SiteManifest>> {
    try {
      return await this.#options.loadManifests();
    } catch (error) {
      throw new EngineFailed('command-failed', (error as Error).message, {cause: error});
    }
  }
}

/** What the file holds, for GET /pdf-files; the version's label only where the docs have several. */
function bookRecord(target: ExportTarget): BookRecord {
  const versions = target.manifest.docs.find((docs) => docs.pluginId === target.docsPluginId)?.versions.length ?? 0;
  const label = versions > 1 ? target.outlineVersion?.label : undefined;
  return {docsPluginId: target.docsPluginId, version: target.version, ...(label ? {versionLabel: label} : {}), locale: target.locale};
}

function shuttingDown(): Busy {
  return new Busy('The server is shutting down', 30);
}

/** An engine's own failure as is; anything else thrown on the way as a failed command. */
function asDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return new EngineFailed('command-failed', error instanceof Error ? error.message : String(error), {cause: error});
}
