import type {ExportStatus, QueueHealth} from '../../contracts/api';
import type {EngineProgress} from '../export/engine';

/** A finished export. */
export type ExportResult = {
  /** Name of the file in the documents directory. */
  fileName: string;
  /** Absolute path of the file. */
  pdfPath: string;
  /** Size in bytes. */
  fileSize: number;
};

/**
 * One export as it waits in a queue: what a runner needs to run it, in JSON, so it can cross to a
 * worker process. The selection is the one the API resolved (names, not labels); the runner
 * resolves it again against its own manifests.
 */
export type ExportOrder = {
  /** Single flight: requests with the same key (file name, locale, docs, version, start path, subset) share one job. */
  key: string;
  /** Name of the PDF in the documents directory. */
  fileName: string;
  locale: string;
  docsPluginId: string;
  /** Version name (`current` for the docs folder). */
  version: string;
  /** Label of the one sidebar category exported. */
  category?: string;
  /** Id of the one doc exported. */
  doc?: string;
};

/** Where a running export tells its progress. */
export type ProgressSink = {
  /** The engine moved on: a new phase, or a step of the current one. */
  progress(progress: EngineProgress): void;
  /** The engine is done; the file is being put in place. */
  writing(): void;
};

/** What runs one export once a queue lets it run: the exporter, in this process or in a worker. */
export type JobRunner = {
  /**
   * Runs one export to its end under its deadline and commits the file; rejects with a domain
   * error. `runId` names its scratch files and starts with the running process's pid.
   */
  run(runId: string, order: ExportOrder, sink: ProgressSink): Promise<ExportResult>;
  /** Aborts every running export now (their process trees are killed); each then rejects. */
  abort(): void;
};

/** Whether the queue's backing service answers (/health's `services.queue`). */
export type QueueState = QueueHealth;

/** What the status endpoint and the event stream read; the in-process board answers at once, Redis later. */
export type JobStatusSource = {
  /** The export with this job id, or with this client id (`exportId`) among those that joined it. */
  find(id: string): Promise<ExportStatus | undefined> | ExportStatus | undefined;
  /** Running and queued exports in queue order, then recently finished ones, newest first. */
  list(): Promise<ExportStatus[]> | ExportStatus[];
  /** Hears every change of every export, wherever it runs; returns the function that stops listening. */
  subscribe(listener: (status: ExportStatus) => void): () => void;
};

/** How a request was placed in the queue. */
export type SubmittedJob = {
  /** The job's id, as the status endpoint knows it. */
  id: string;
  /** True when an identical request was already waiting or running and this one joined it. */
  joined: boolean;
};

/**
 * Where exports wait their turn: single flight (identical orders share one job), a cap on the jobs
 * waiting, and how many run at once. The in-process queue (server/queue/in-process-queue.ts) runs
 * them in this process, one at a time; the BullMQ queue (server/queue/bullmq-queue.ts) hands them
 * to worker processes through Redis. The exporter decides what an export is and how it runs
 * (target, deadline, files); the queue decides when, and where.
 */
export interface JobQueue extends JobStatusSource {
  /**
   * Places an order: joins the job of an identical order that is waiting or running, else adds a
   * job. Rejects with `Busy` when more than the queue's limit are waiting, when the queue is
   * closing, or when its backing service does not answer (fast: never waits for it to come back).
   */
  submit(order: ExportOrder, options?: {clientId?: string}): Promise<SubmittedJob>;
  /**
   * The result of a job once it has finished: its file, or the domain error it failed with (the
   * same class and texts the runner threw, also when it ran in another process). Also rejects,
   * never hangs: `NotFound` for an unknown id; with Redis, `Busy` when Redis stays away too long,
   * `NotReady` when no worker takes the job in time, `EngineFailed` when the job is lost.
   */
  result(id: string): Promise<ExportResult>;
  /** The backing service's state for /health; absent: nothing to reach (in process). */
  state?(): Promise<QueueState>;
  /**
   * Takes no more orders. Jobs this process runs get `graceMs` to finish, then are aborted; those
   * waiting here are refused with `Busy` (with Redis: requests waiting for a result get `graceMs`,
   * then `Busy`, and the jobs go on in the workers). Resolves when all are settled and connections closed.
   */
  close(graceMs?: number): Promise<void>;
}
