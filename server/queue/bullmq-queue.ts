import {createHash, randomBytes} from 'node:crypto';
import {Queue, QueueEvents} from 'bullmq';
import {Redis} from 'ioredis';
import type {ExportStatus} from '../../contracts/api';
import {Busy, DomainError, EngineFailed, NotReady} from '../errors';
import {connectionOf, within} from './bullmq-connection';
import {shuttingDown} from './in-process-queue';
import {rebuildError} from './job-error';
import type {ExportOrder, ExportResult, JobQueue, QueueState, SubmittedJob} from './job-queue';
import {JobsInRedis, KEEP_JOBS_S} from './jobs-in-redis';
import type {ExportJob} from './job-status';

export type BullmqQueueOptions = {
  redisUrl: string;
  /** The site's queue (server/queue/bullmq-connection.ts: queueNameOf). */
  queueName: string;
  /** Jobs allowed to wait or run before a new one is refused with `Busy`. */
  queueLimit: number;
  /** What a request refused for the cap is told to wait, in seconds. */
  retryAfterSeconds: number;
  /**
   * Longest a job may wait for a worker before its request is answered with an error: in the
   * server, an export waits at most (limit + 1) deadlines, so this is that.
   */
  maxWaitMs: number;
  log: (line: string) => void;
};

/** Longest wait for one answer from Redis before a request is told the queue is unreachable. */
const REDIS_ANSWER_MS = 3000;
/** How long a request waiting for its result goes on while Redis does not answer (a restart takes a second or two). */
const REDIS_LOST_MS = 30_000;
/** A waiting request reads its job this often, and at once when a worker reports it finished. */
const POLL_MS = 1000;

/** The Redis URL without its password, for messages. */
function shown(redisUrl: string): string {
  try {
    const url = new URL(redisUrl);
    url.password = '';
    return url.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * The API's side of the BullMQ queue: it adds jobs and reads them; `docusaurus-export-pdf worker`
 * processes run them (server/queue/bullmq-worker.ts). Every answer comes from Redis, so any API
 * instance reports any job, wherever it was added and whichever worker runs it.
 */
export class BullmqQueue implements JobQueue {
  readonly #options: BullmqQueueOptions;
  readonly #queue: Queue<ExportOrder, ExportResult>;
  readonly #events: QueueEvents;
  /** Client ids and /health's ping: commands of this package's own, beside BullMQ's. */
  readonly #redis: Redis;
  readonly #jobs: JobsInRedis;
  readonly #listeners = new Set<(status: ExportStatus) => void>();
  readonly #wakers = new Map<string, Set<() => void>>();
  readonly #reports = new Map<string, Promise<void>>();
  readonly #waiting = new Set<Promise<unknown>>();
  #closing = false;
  #graceOver = false;
  #down = false;

  constructor(options: BullmqQueueOptions) {
    this.#options = options;
    this.#queue = new Queue(options.queueName, {connection: connectionOf(options.redisUrl, 'commands')});
    this.#events = new QueueEvents(options.queueName, {connection: connectionOf(options.redisUrl, 'blocking')});
    this.#redis = new Redis(options.redisUrl, {maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: () => 500});
    this.#jobs = new JobsInRedis(this.#queue, this.#redis);
    this.#queue.on('error', (error) => this.#lost(error));
    this.#events.on('error', (error) => this.#lost(error));
    this.#redis.on('error', (error: Error) => this.#lost(error));
    this.#redis.on('ready', () => this.#found());
    for (const event of ['waiting', 'active', 'progress', 'completed', 'failed'] as const) {
      this.#events.on(event, ({jobId}: {jobId: string}) => this.#changed(jobId));
    }
  }

  async submit(order: ExportOrder, options: {clientId?: string} = {}): Promise<SubmittedJob> {
    if (this.#closing) throw shuttingDown();
    const submitted = await this.#ask((wanted) => this.#submit(order, options.clientId, wanted));
    this.#changed(submitted.id);
    return submitted;
  }

  async result(id: string): Promise<ExportResult> {
    const waiting = this.#waitFor(id);
    this.#waiting.add(waiting);
    try {
      return await waiting;
    } finally {
      this.#waiting.delete(waiting);
    }
  }

  async find(id: string): Promise<ExportStatus | undefined> {
    return this.#ask(() => this.#jobs.find(id));
  }

  async list(): Promise<ExportStatus[]> {
    return this.#ask(() => this.#jobs.list());
  }

  subscribe(listener: (status: ExportStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async state(): Promise<QueueState> {
    try {
      await within(1000, this.#redis.ping(), () => new Error('no answer'));
      return 'running';
    } catch {
      return 'unreachable';
    }
  }

  async close(graceMs = 0): Promise<void> {
    this.#closing = true;
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled([...this.#waiting]), graceOver]);
    clearTimeout(timer);
    this.#graceOver = true;
    for (const wakers of this.#wakers.values()) wakers.forEach((wake) => wake());
    await Promise.allSettled([...this.#waiting]);
    const closed = Promise.allSettled([this.#queue.close(), this.#events.close(), this.#redis.quit()]);
    // A Redis that is down would hold the close: connections are dropped after a short wait.
    await within(2000, closed, () => new Error('timeout')).catch(() => undefined);
    this.#redis.disconnect();
    const dropped = Promise.allSettled([this.#queue.disconnect(), this.#events.disconnect()]);
    await within(1000, dropped, () => new Error('timeout')).catch(() => undefined);
  }

  async #submit(order: ExportOrder, clientId: string | undefined, wanted: () => boolean): Promise<SubmittedJob> {
    const single = createHash('sha256').update(order.key).digest('hex').slice(0, 20);
    if (!(await this.#queue.getDeduplicationJobId(single))) {
      const counts = await this.#queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
      const pending = Object.values(counts).reduce((sum, count) => sum + count, 0);
      if (pending > this.#options.queueLimit) {
        throw new Busy('Too many exports are waiting; try again later', this.#options.retryAfterSeconds);
      }
    }
    // A request already told the queue is unreachable must not add a job once Redis is back.
    if (!wanted()) throw new Error('given up');
    // The job id starts with the single-flight key; the deduplication id makes identical orders
    // share the job while it waits or runs, and lets the next one after it make a new book.
    const proposed = `${single}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const job = await this.#queue.add('export', order, {
      jobId: proposed,
      deduplication: {id: single},
      attempts: 1,
      removeOnComplete: {age: KEEP_JOBS_S, count: 1000},
      removeOnFail: {age: KEEP_JOBS_S, count: 1000},
    });
    const id = job.id!;
    if (clientId) {
      await this.#jobs.addClient(id, clientId);
    }
    return {id, joined: id !== proposed};
  }

  async #waitFor(id: string): Promise<ExportResult> {
    let lostSince: number | undefined;
    for (;;) {
      if (this.#graceOver) throw shuttingDown();
      try {
        // The state first, then the job: a job read before its state could predate the result that state promises.
        const state = await within(REDIS_ANSWER_MS, this.#queue.getJobState(id), () => new Error('no answer'));
        const job = (await within(REDIS_ANSWER_MS, this.#queue.getJob(id), () => new Error('no answer'))) as ExportJob | undefined;
        lostSince = undefined;
        if (!job || state === 'unknown') {
          throw new EngineFailed(
            'command-failed',
            `The export job ${id} is no longer in the queue: Redis lost it (restarted without appendonly persistence?).`,
          );
        }
        if (state === 'completed') return job.returnvalue;
        if (state === 'failed') throw rebuildError(job.failedReason);
        if (!job.processedOn && Date.now() - job.timestamp > this.#options.maxWaitMs) {
          throw new NotReady(`No worker took export ${id} within ${Math.round(this.#options.maxWaitMs / 1000)} s`, {
            detail: `Is a \`docusaurus-export-pdf worker\` running with this REDIS_URL for queue ${this.#options.queueName}? The job stays queued: a worker that starts later runs it.`,
          });
        }
      } catch (error) {
        if (error instanceof DomainError) throw error;
        lostSince ??= Date.now();
        if (Date.now() - lostSince > REDIS_LOST_MS) {
          throw new Busy('The export queue is unreachable; try again later', 10, {
            detail: `Redis at ${shown(this.#options.redisUrl)} stopped answering while export ${id} waited for its result; it may still finish: GET /export-status/${id} and /pdf-files tell.`,
          });
        }
      }
      await this.#sleep(id);
    }
  }

  /** Until the next poll, or until the job's worker reports it finished. */
  #sleep(id: string): Promise<void> {
    return new Promise((resolve) => {
      const wakers = this.#wakers.get(id) ?? new Set();
      this.#wakers.set(id, wakers);
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        if (wakers.size === 0) this.#wakers.delete(id);
        resolve();
      };
      const timer = setTimeout(wake, POLL_MS);
      wakers.add(wake);
    });
  }

  /** A job moved: wake the requests waiting for it, tell the listeners, one report at a time per job. */
  #changed(jobId: string): void {
    this.#wakers.get(jobId)?.forEach((wake) => wake());
    if (this.#listeners.size === 0) return;
    const report = (this.#reports.get(jobId) ?? Promise.resolve())
      .then(() => this.#jobs.find(jobId))
      .then((status) => status && this.#listeners.forEach((listener) => listener(status)))
      .catch(() => undefined)
      .finally(() => {
        if (this.#reports.get(jobId) === report) this.#reports.delete(jobId);
      });
    this.#reports.set(jobId, report);
  }

  /**
   * Every request that needs Redis gets an answer in time: `Busy` when Redis does not give one.
   * `wanted()` turns false once the request has been answered so, for work that must then stop.
   */
  async #ask<T>(start: (wanted: () => boolean) => Promise<T>): Promise<T> {
    let answered = false;
    const work = start(() => !answered);
    try {
      return await within(REDIS_ANSWER_MS, work, () => new Error(`no answer within ${REDIS_ANSWER_MS / 1000} s`));
    } catch (error) {
      answered = true;
      if (error instanceof DomainError) throw error;
      work.catch(() => undefined);
      throw new Busy('The export queue is unreachable; try again later', 10, {
        detail: `Redis at ${shown(this.#options.redisUrl)} did not answer: ${(error as Error).message.replace(/\.+$/, '')}.`,
      });
    }
  }

  #lost(error: Error): void {
    if (this.#down || this.#closing) return;
    this.#down = true;
    this.#options.log(`warning: Redis at ${shown(this.#options.redisUrl)} is unreachable: ${error.message}`);
  }

  #found(): void {
    if (!this.#down) return;
    this.#down = false;
    this.#options.log(`Redis at ${shown(this.#options.redisUrl)} answers again`);
  }
}
