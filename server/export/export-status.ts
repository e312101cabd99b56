import type {ExportStatus} from '../../contracts/api';
import {megabytes} from '../store/pdf-entries';
import type {EngineProgress} from './engine';

type Entry = Omit<ExportStatus, 'queuePosition' | 'elapsedMs'> & {queuedMs: number; startedMs?: number; finishedMs?: number};

export type StatusListener = (status: ExportStatus) => void;

export type StatusBoardOptions = {
  /** Finished exports kept for the status endpoint. */
  keepFinished?: number;
  /** Least time between two progress events of one export, unless its phase changes. */
  progressIntervalMs?: number;
  now?: () => number;
};

/**
 * What every export is doing, for the status endpoint and the event stream:
 * the exporter reports to it, listeners hear each change.
 */
export class ExportStatusBoard {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<StatusListener>();
  readonly #lastEvent = new Map<string, number>();
  readonly #keepFinished: number;
  readonly #progressIntervalMs: number;
  readonly #now: () => number;

  constructor(options: StatusBoardOptions = {}) {
    this.#keepFinished = options.keepFinished ?? 20;
    this.#progressIntervalMs = options.progressIntervalMs ?? 100;
    this.#now = options.now ?? Date.now;
  }

  queued(id: string, fields: {fileName: string; locale: string; docsPluginId: string; version: string; clientId?: string}): void {
    const now = this.#now();
    this.#entries.set(id, {
      id,
      clientIds: fields.clientId ? [fields.clientId] : [],
      fileName: fields.fileName,
      locale: fields.locale,
      docsPluginId: fields.docsPluginId,
      version: fields.version,
      state: 'queued',
      phase: 'queued',
      percent: 0,
      queuedAt: new Date(now).toISOString(),
      queuedMs: now,
    });
    this.#emit(id);
  }

  /** Another request joined the export. */
  joined(id: string, clientId: string | undefined): void {
    const entry = this.#entries.get(id);
    if (!entry || !clientId || entry.clientIds.includes(clientId)) return;
    entry.clientIds.push(clientId);
    this.#emit(id);
  }

  started(id: string): void {
    this.#update(id, (entry) => {
      const now = this.#now();
      entry.state = 'running';
      entry.phase = 'discover';
      entry.startedAt = new Date(now).toISOString();
      entry.startedMs = now;
    });
    this.#emitQueue();
  }

  progress(id: string, progress: EngineProgress): void {
    const entry = this.#entries.get(id);
    if (!entry || entry.state !== 'running') return;
    const phaseChanged = entry.phase !== progress.phase;
    entry.phase = progress.phase;
    entry.done = progress.done;
    entry.total = progress.total;
    // The engine's work is 1–98 %; writing the file and the answer are the rest.
    entry.percent = Math.max(entry.percent, Math.round(1 + 0.97 * progress.percent));
    const last = this.#lastEvent.get(id) ?? 0;
    const finalStep = progress.total !== undefined && progress.done === progress.total;
    if (phaseChanged || finalStep || this.#now() - last >= this.#progressIntervalMs) this.#emit(id);
  }

  writing(id: string): void {
    this.#update(id, (entry) => {
      entry.phase = 'write';
      entry.done = undefined;
      entry.total = undefined;
      entry.percent = Math.max(entry.percent, 99);
    });
  }

  succeeded(id: string, result: {fileSize: number}): void {
    this.#finish(id, (entry) => {
      entry.state = 'done';
      entry.phase = 'done';
      entry.percent = 100;
      entry.pdfUrl = encodeURIComponent(entry.fileName);
      entry.fileSize = result.fileSize;
      entry.fileSizeMB = megabytes(result.fileSize);
    });
  }

  failed(id: string, error: string, detail?: string): void {
    this.#finish(id, (entry) => {
      entry.state = 'failed';
      entry.phase = 'failed';
      entry.error = error;
      entry.detail = detail;
    });
  }

  /** Running and queued exports in queue order, then finished ones, newest first. */
  list(): ExportStatus[] {
    const entries = [...this.#entries.values()];
    const active = entries.filter((entry) => entry.finishedMs === undefined);
    const finished = entries.filter((entry) => entry.finishedMs !== undefined).reverse();
    return [...active, ...finished].map((entry) => this.#view(entry));
  }

  /** The export with this server id or client id. */
  find(id: string): ExportStatus | undefined {
    const entry = this.#entries.get(id) ?? [...this.#entries.values()].find((each) => each.clientIds.includes(id));
    return entry && this.#view(entry);
  }

  /** Hears every change; returns the function that stops listening. */
  subscribe(listener: StatusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #update(id: string, change: (entry: Entry) => void): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    change(entry);
    this.#emit(id);
  }

  #finish(id: string, change: (entry: Entry) => void): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    const now = this.#now();
    entry.finishedMs = now;
    entry.finishedAt = new Date(now).toISOString();
    change(entry);
    // Finished exports move to the end, so the map stays in queue order, then finishing order.
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    this.#emit(id);
    this.#lastEvent.delete(id);
    const finished = [...this.#entries.values()].filter((each) => each.finishedMs !== undefined);
    for (const old of finished.slice(0, Math.max(0, finished.length - this.#keepFinished))) this.#entries.delete(old.id);
    this.#emitQueue();
  }

  #view(entry: Entry): ExportStatus {
    const {queuedMs, startedMs, finishedMs, ...status} = entry;
    const active = [...this.#entries.values()].filter((each) => each.finishedMs === undefined);
    const position = active.findIndex((each) => each.id === entry.id);
    return {
      ...status,
      queuePosition: finishedMs === undefined ? position : undefined,
      elapsedMs: (finishedMs ?? this.#now()) - (startedMs ?? queuedMs),
    };
  }

  #emit(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#lastEvent.set(id, this.#now());
    const status = this.#view(entry);
    for (const listener of this.#listeners) listener(status);
  }

  /** Queue positions moved: every waiting export is told. */
  #emitQueue(): void {
    for (const entry of this.#entries.values()) {
      if (entry.state === 'queued') this.#emit(entry.id);
    }
  }
}
