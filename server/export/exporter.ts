import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {BookRecord, BrowserState} from '../../contracts/api';
import type {SiteManifest} from '../../contracts/manifest';
import {DomainError, EngineFailed, TimedOut} from '../errors';
import {defaultFileName} from '../file-name';
import {askAgain, type SiteProbe} from '../site/site-probe';
import type {BookStore} from '../store/book-store';
import {looksLikeCompletePdf, removeQuietly} from './atomic-file';
import type {ExportEngine, ExportJob} from './engine';
import {newRunId} from './run-id';
import type {ExportStatusBoard} from './export-status';
import {InProcessQueue} from '../queue/in-process-queue';
import type {ExportOrder, ExportResult, JobQueue, JobRunner, JobStatusSource, ProgressSink, QueueState} from '../queue/job-queue';
import {resolveExportTarget, type ExportSelection, type ExportTarget} from './export-target';
import {endProcessesInside, isAlive} from './process-tree';

export type {ExportResult} from '../queue/job-queue';

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
  /** Exports allowed to wait behind the running one (the in-process queue's limit). */
  queueLimit: number;
  /** Parent of every export's scratch directory. */
  workRoot: string;
  log: (line: string) => void;
  /** Where the exports report their progress in the in-process queue; default: a board of the queue's own. */
  statusBoard?: ExportStatusBoard;
  /**
   * The queue exports wait in, made with the exporter's runner; default: the in-process queue.
   * The API of a scaled-out service passes the BullMQ queue, whose workers run the exports.
   */
  queue?: (runner: JobRunner) => JobQueue;
};

/** How a request follows its export. */
export type ExportRequestOptions = {
  /** The client's id for this export, to find it in the status endpoint and event stream. */
  clientId?: string;
};

const WORK_DIR = /^(\d+)-[0-9a-f]+$/;

/**
 * What an export is and how it runs: the target a request resolves to, the deadline, the scratch
 * directory, and a PDF that only ever appears in the book store whole. When and where it
 * runs (single flight, the cap, one at a time here or N on workers) is the job queue's.
 */
export class Exporter {
  readonly #options: ExporterOptions;
  readonly #queue: JobQueue;
  readonly #shutdown = new AbortController();
  #closing = false;
  /** True from warm's call until it has ended: the engine's browser counts as starting. */
  #warming = false;
  /** Settles when warm has ended; an export waits for it rather than share the CPU with the trial. */
  #warmed: Promise<void> = Promise.resolve();

  constructor(options: ExporterOptions) {
    this.#options = options;
    const runner: JobRunner = {
      run: (runId, order, sink) => this.runJob(runId, order, sink),
      abort: () => this.#shutdown.abort(),
    };
    this.#queue =
      options.queue?.(runner) ??
      new InProcessQueue(runner, {
        queueLimit: options.queueLimit,
        retryAfterSeconds: Math.ceil(options.timeoutMs / 1000),
        board: options.statusBoard,
      });
  }

  /** Progress of the queued, running and recent exports, wherever they run. */
  get status(): JobStatusSource {
    return this.#queue;
  }

  /** Whether the queue's backing service (Redis) answers, for /health; undefined: the queue has none. */
  async queueState(): Promise<QueueState | undefined> {
    return this.#queue.state?.();
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
    const {subset} = target;
    const category = subset?.kind === 'category' ? subset.category.label : undefined;
    const doc = subset?.kind === 'doc' ? subset.doc.id : undefined;
    const subsetKey = category !== undefined ? `category:${category}` : doc !== undefined ? `doc:${doc}` : '';
    const key = JSON.stringify([fileName, target.locale, target.docsPluginId, target.version, target.startPath, subsetKey]);
    const order: ExportOrder = {key, fileName, locale: target.locale, docsPluginId: target.docsPluginId, version: target.version};
    if (category !== undefined) order.category = category;
    if (doc !== undefined) order.doc = doc;
    const {id} = await this.#queue.submit(order, {clientId: request.clientId});
    return this.#queue.result(id);
  }

  /**
   * Has the engine of the site's default book start what it keeps between exports (the native
   * engine's browser: about half a second at launch), so the first export finds it running, and,
   * when `withTrial` and the site is up, warm it with a trial export of that book into a scratch
   * directory removed afterwards. Never fails: an engine that cannot start says so when an export asks for it.
   */
  warm(withTrial = true): Promise<void> {
    this.#warming = true;
    this.#warmed = this.#warm(withTrial).finally(() => (this.#warming = false));
    return this.#warmed;
  }

  async #warm(withTrial: boolean): Promise<void> {
    const workDir = path.join(this.#options.workRoot, newRunId());
    try {
      const target = resolveExportTarget(await this.#loadManifests());
      if (this.#closing) return;
      const siteUp = withTrial && (await this.#options.siteProbe());
      if (siteUp) await fs.mkdir(workDir, {recursive: true});
      const trial = siteUp ? this.#engineJob(target, workDir, path.join(workDir, 'trial.pdf'), () => undefined) : undefined;
      await this.#options.engine.warm?.({manifest: target.manifest}, trial);
    } catch {
      // The first export reports it, with the error mapped as every export's is.
    } finally {
      await removeScratch(workDir);
    }
  }

  /**
   * The state of the browser the engine keeps between exports, for /health; none: it keeps none.
   * `starting` until warm has ended, also before the engine is known (it is the site manifest's choice).
   */
  browserState(): BrowserState | undefined {
    return this.#warming ? 'starting' : this.#options.engine.browserState?.();
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
    await this.#queue.close(graceMs);
    await this.#options.engine.close?.();
  }

  /**
   * Runs one export now, whatever else runs (the queue decides that): resolves the order against
   * the manifests, gives the engine the time left of the deadline, and commits a complete PDF.
   */
  async runJob(jobId: string, order: ExportOrder, sink: ProgressSink): Promise<ExportResult> {
    try {
      const target = resolveExportTarget(await this.#loadManifests(), order);
      return await this.#run(jobId, order.fileName, target, sink);
    } catch (error) {
      throw asDomainError(error);
    }
  }

  async #run(jobId: string, fileName: string, target: ExportTarget, sink: ProgressSink): Promise<ExportResult> {
    const {store, engine, log} = this.#options;
    let startedAt = Date.now();
    const workDir = path.join(this.#options.workRoot, jobId);
    const temporary = store.stagingFile(fileName, jobId, workDir);
    const say = (line: string) => log(`[export ${jobId}] ${line}`);
    const part = target.subset
      ? `, only ${target.subset.kind} ${target.subset.kind === 'doc' ? target.subset.doc.id : target.subset.category.label}`
      : '';
    say(`${fileName}: ${target.locale}/${target.docsPluginId}/${target.version}${part} from ${target.startPath}`);
    try {
      // Step 1: no output of an earlier run is reused.
      await removeQuietly(workDir);
      await fs.mkdir(workDir, {recursive: true});
      await store.ready();
      // Step 2: the site must be up, or the export fails now rather than at the deadline; also while
      // the trial export at start runs, which on a site gone down waits out its page timeout.
      await this.#siteMustBeUp();
      if (this.#warming) {
        // The trial runs first, as an export queued before this one would: rather than share the
        // CPU with it, and outside this export's deadline.
        await this.#warmed;
        await this.#siteMustBeUp();
        startedAt = Date.now();
      }
      // Step 3: the engine writes the temporary file.
      await engine.run({...this.#engineJob(target, workDir, temporary, say, startedAt), onProgress: (progress) => sink.progress(progress)});
      sink.writing();
      // Step 4: only a complete PDF replaces the destination.
      if (!(await looksLikeCompletePdf(temporary))) {
        throw new EngineFailed('not-created', 'The engine finished without writing a complete PDF.');
      }
      const {fileSize, pdfPath} = await store.commit(fileName, temporary, bookRecord(target), jobId);
      say(`${fileName}: ${fileSize} bytes in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
      return {fileName, pdfPath, fileSize};
    } catch (error) {
      const engineFailure = asDomainError(error);
      const failure = await this.#explained(engineFailure);
      say(`${fileName}: failed: ${failure.message}${failure.detail ? ` (${failure.detail})` : ''}`);
      if (failure !== engineFailure) say(`${fileName}: the engine said: ${engineFailure.detail ?? engineFailure.message}`);
      throw failure;
    } finally {
      await removeQuietly(temporary);
      await removeScratch(workDir, say);
    }
  }

  /** A failure of the engine as the site's going down, when that is what it was: the documented error of a site not running. */
  async #explained(failure: DomainError): Promise<DomainError> {
    const engineError = failure instanceof EngineFailed && failure.outcome === 'command-failed' && !(failure instanceof TimedOut);
    if (!engineError || this.#shutdown.signal.aborted || (await this.#options.siteProbe())) return failure;
    return new EngineFailed('not-created', `The site is not running at ${this.#options.siteOrigin}: it stopped during the export.`, {
      cause: failure,
    });
  }

  async #siteMustBeUp(): Promise<void> {
    if (!(await askAgain(this.#options.siteProbe))) {
      throw new EngineFailed('not-created', `The site is not running at ${this.#options.siteOrigin}.`);
    }
  }

  /** What the engine is told of an export of `target` that started at `startedAt`: the deadline's time left is from then. */
  #engineJob(target: ExportTarget, workDir: string, outputFile: string, log: (line: string) => void, startedAt = Date.now()): ExportJob {
    return {
      manifest: target.manifest,
      docsPluginId: target.docsPluginId,
      startPath: target.startPath,
      outlineVersion: target.outlineVersion,
      subset: target.subset,
      siteOrigin: this.#options.siteOrigin,
      buildDir: this.#options.servesBuild ? target.manifest.outDir : undefined,
      outputFile,
      workDir,
      timeoutMs: Math.max(1, this.#options.timeoutMs - (Date.now() - startedAt)),
      deadlineMs: this.#options.timeoutMs,
      signal: this.#shutdown.signal,
      log,
    };
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

/** An engine's own failure as is; anything else thrown on the way as a failed command. */
function asDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return new EngineFailed('command-failed', error instanceof Error ? error.message : String(error), {cause: error});
}

/** Removes an export's scratch directory once nothing runs from it (see endProcessesInside). */
async function removeScratch(workDir: string, say?: (line: string) => void): Promise<void> {
  const ended = await endProcessesInside(workDir);
  if (ended > 0) say?.(`ended ${ended} processes its engine left running`);
  await removeQuietly(workDir);
}
