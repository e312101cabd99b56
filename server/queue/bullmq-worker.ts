import {UnrecoverableError, Worker} from 'bullmq';
import type {ExportProgress} from '../../contracts/progress';
import {DomainError, EngineFailed} from '../errors';
import {ExportStatusBoard} from '../export/export-status';
import {connectionOf} from './bullmq-connection';
import {newRunId} from '../export/run-id';
import {serializeError} from './job-error';
import type {ExportOrder, ExportResult, JobRunner} from './job-queue';
import type {ExportJob} from './job-status';

export type ExportWorkerOptions = {
  redisUrl: string;
  /** The site's queue (server/queue/bullmq-connection.ts: queueNameOf). */
  queueName: string;
  /** Jobs this process runs at once (WORKER_CONCURRENCY). */
  concurrency: number;
  /**
   * How long a job's lock lasts unrenewed (QUEUE_LOCK_MS); also how often stalled jobs are looked
   * for. A worker that dies mid-export stops renewing: about this long after, another worker takes
   * its job again.
   */
  lockMs: number;
  run: JobRunner['run'];
  log: (line: string) => void;
};

/**
 * Takes the site's export jobs from Redis and runs them in this process. A job that fails fails
 * once, with its domain error in the failure reason (server/queue/job-error.ts); a job whose
 * worker stopped while running it (killed, or shut down past its grace) is taken again by
 * another worker, once (`maxStalledCount: 1`), and fails if that one stops too.
 */
export class ExportWorker {
  readonly #options: ExportWorkerOptions;
  readonly #worker: Worker<ExportOrder, ExportResult>;
  /** Set when the grace is over: the jobs still running are left to another worker. */
  #leaving = false;
  #down = false;

  constructor(options: ExportWorkerOptions) {
    this.#options = options;
    this.#worker = new Worker<ExportOrder, ExportResult>(options.queueName, (job) => this.#process(job as ExportJob), {
      connection: connectionOf(options.redisUrl, 'blocking'),
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
      maxStalledCount: 1,
    });
    this.#worker.on('error', (error) => {
      if (this.#down) return;
      this.#down = true;
      options.log(`warning: the job queue's Redis is unreachable: ${error.message}`);
    });
    this.#worker.on('ready', () => {
      if (this.#down) options.log("the job queue's Redis answers again");
      this.#down = false;
    });
  }

  /** Resolves once connected to Redis and taking jobs. */
  async ready(): Promise<void> {
    await this.#worker.waitUntilReady();
  }

  /**
   * Takes no more jobs and gives the running ones `graceMs` to finish. Resolves true when they all
   * did; false when some still run: those are left, unanswered, for another worker to take again
   * once their locks lapse, and the caller aborts them (kills their process trees) and exits.
   */
  async stop(graceMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
    const finished = await Promise.race([this.#worker.close().then(() => true as const), graceOver]);
    clearTimeout(timer);
    if (finished) return true;
    this.#leaving = true;
    void this.#worker.close(true).catch(() => undefined);
    return false;
  }

  async #process(job: ExportJob): Promise<ExportResult> {
    const {log} = this.#options;
    const runId = newRunId();
    const again = job.stalledCounter > 0 ? ', again after its worker stopped' : '';
    log(`job ${job.id}: ${job.data.fileName} runs as export ${runId}${again}`);
    // The board scales and spaces the engine's progress as in the server; the job carries it to the APIs.
    const board = new ExportStatusBoard();
    board.queued(runId, job.data);
    board.started(runId);
    const unsubscribe = board.subscribe((status) => {
      if (status.state !== 'running') return;
      const progress: ExportProgress = {phase: status.phase, done: status.done, total: status.total, percent: status.percent};
      job.updateProgress(progress).catch(() => undefined);
    });
    try {
      const result = await this.#options.run(runId, job.data, {
        progress: (progress) => board.progress(runId, progress),
        writing: () => board.writing(runId),
      });
      log(`job ${job.id}: done, ${result.fileSize} bytes`);
      return result;
    } catch (error) {
      // Aborted because this worker is leaving: no answer, so the job's lock lapses and another worker takes it.
      if (this.#leaving) return new Promise<never>(() => undefined);
      const failure = error instanceof DomainError ? error : new EngineFailed('command-failed', String(error));
      log(`job ${job.id}: failed: ${failure.message}${failure.detail ? ` (${failure.detail})` : ''}`);
      throw new UnrecoverableError(serializeError(failure));
    } finally {
      unsubscribe();
    }
  }
}
