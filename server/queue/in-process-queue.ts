import type {ExportStatus} from '../../contracts/api';
import {Busy, DomainError, NotFound} from '../errors';
import {ExportStatusBoard} from '../export/export-status';
import {newRunId} from '../export/run-id';
import type {ExportOrder, ExportResult, JobQueue, JobRunner, SubmittedJob} from './job-queue';

export type InProcessQueueOptions = {
  /** Jobs allowed to wait behind the running one. */
  queueLimit: number;
  /** What a refused request is told to wait, in seconds. */
  retryAfterSeconds: number;
  /** Where the jobs report their progress; default: a board of the queue's own. */
  board?: ExportStatusBoard;
};

/** A finished job's result stays this long for `result(id)`: a caller asks right after `submit`. */
const KEEP_RESULT_MS = 60_000;

export function shuttingDown(): Busy {
  return new Busy('The server is shutting down', 30);
}

/**
 * The default queue, nothing to start: one export runs at a time in this process, in the order
 * asked; an identical order joins the waiting or running job; past the limit, `Busy`.
 */
export class InProcessQueue implements JobQueue {
  readonly #runner: JobRunner;
  readonly #options: InProcessQueueOptions;
  readonly #board: ExportStatusBoard;
  readonly #pending = new Map<string, string>();
  readonly #results = new Map<string, Promise<ExportResult>>();
  #tail: Promise<unknown> = Promise.resolve();
  #closing = false;

  constructor(runner: JobRunner, options: InProcessQueueOptions) {
    this.#runner = runner;
    this.#options = options;
    this.#board = options.board ?? new ExportStatusBoard();
  }

  /** Jobs waiting or running. */
  get size(): number {
    return this.#pending.size;
  }

  async submit(order: ExportOrder, options: {clientId?: string} = {}): Promise<SubmittedJob> {
    const shared = this.#pending.get(order.key);
    if (shared) {
      this.#board.joined(shared, options.clientId);
      return {id: shared, joined: true};
    }
    if (this.#closing) throw shuttingDown();
    if (this.#pending.size > this.#options.queueLimit) {
      throw new Busy('Too many exports are waiting; try again later', this.#options.retryAfterSeconds);
    }
    const id = newRunId();
    this.#board.queued(id, {...order, clientId: options.clientId});
    const result = this.#tail.then(() => this.#run(id, order));
    const forget = () => {
      this.#pending.delete(order.key);
      setTimeout(() => this.#results.delete(id), KEEP_RESULT_MS).unref();
    };
    this.#tail = result.then(forget, forget);
    this.#pending.set(order.key, id);
    this.#results.set(id, result);
    return {id, joined: false};
  }

  async result(id: string): Promise<ExportResult> {
    const result = this.#results.get(id);
    if (!result) throw new NotFound(`No export with id ${id}`);
    return result;
  }

  find(id: string): ExportStatus | undefined {
    return this.#board.find(id);
  }

  list(): ExportStatus[] {
    return this.#board.list();
  }

  subscribe(listener: (status: ExportStatus) => void): () => void {
    return this.#board.subscribe(listener);
  }

  async close(graceMs = 0): Promise<void> {
    this.#closing = true;
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([this.#tail, graceOver]);
    clearTimeout(timer);
    this.#runner.abort();
    await this.#tail;
  }

  async #run(id: string, order: ExportOrder): Promise<ExportResult> {
    if (this.#closing) {
      const failure = shuttingDown();
      this.#board.failed(id, failure.message);
      throw failure;
    }
    this.#board.started(id);
    try {
      const result = await this.#runner.run(id, order, {
        progress: (progress) => this.#board.progress(id, progress),
        writing: () => this.#board.writing(id),
      });
      this.#board.succeeded(id, result);
      return result;
    } catch (error) {
      const failure = error instanceof DomainError ? error : undefined;
      this.#board.failed(id, failure?.message ?? String(error), failure?.detail);
      throw error;
    }
  }
}
