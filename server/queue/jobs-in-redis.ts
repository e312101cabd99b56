import type {Queue} from 'bullmq';
import type {Redis} from 'ioredis';
import type {ExportStatus} from '../../contracts/api';
import type {ExportOrder, ExportResult} from './job-queue';
import {statusOfJob, type ExportJob} from './job-status';

/** Finished jobs and client ids are kept a day. */
export const KEEP_JOBS_S = 24 * 60 * 60;
/** Finished jobs GET /export-status lists, as the in-process board keeps. */
const KEEP_FINISHED = 20;

/**
 * The jobs of a site's queue as the status endpoint reports them, read from Redis, with the client
 * ids of every request that joined each (kept beside BullMQ's keys, under the queue's prefix).
 */
export class JobsInRedis {
  readonly #queue: Queue<ExportOrder, ExportResult>;
  readonly #redis: Redis;

  constructor(queue: Queue<ExportOrder, ExportResult>, redis: Redis) {
    this.#queue = queue;
    this.#redis = redis;
  }

  /** Records that a request with this client id placed or joined the job. */
  async addClient(jobId: string, clientId: string): Promise<void> {
    await this.#redis
      .multi()
      .sadd(this.#clientsKey(jobId), clientId)
      .expire(this.#clientsKey(jobId), KEEP_JOBS_S)
      .set(this.#clientKey(clientId), jobId, 'EX', KEEP_JOBS_S)
      .exec();
  }

  /** The job with this id, or the one a request with this client id placed or joined. */
  async find(id: string): Promise<ExportStatus | undefined> {
    let job = (await this.#queue.getJob(id)) as ExportJob | undefined;
    if (!job) {
      const jobId = await this.#redis.get(this.#clientKey(id));
      if (jobId) job = (await this.#queue.getJob(jobId)) as ExportJob | undefined;
    }
    return job && this.#statusOf(job);
  }

  /** Running and waiting jobs, oldest first, then the last finished ones, newest first. */
  async list(): Promise<ExportStatus[]> {
    const pending = (await this.#queue.getJobs(['active', 'prioritized', 'waiting'], 0, -1, true)) as ExportJob[];
    const finished = ((await this.#queue.getJobs(['completed', 'failed'], 0, 2 * KEEP_FINISHED)) as ExportJob[])
      .sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0))
      .slice(0, KEEP_FINISHED);
    return Promise.all([...pending, ...finished].map((job) => this.#statusOf(job)));
  }

  async #statusOf(read: ExportJob): Promise<ExportStatus> {
    const state = await read.getState();
    // Finished since it was read: read it again, for its result or failure.
    const finished = state === 'completed' || state === 'failed';
    const job = finished && !read.finishedOn ? (((await this.#queue.getJob(read.id!)) as ExportJob | undefined) ?? read) : read;
    const clientIds = await this.#redis.smembers(this.#clientsKey(job.id!));
    let position: number | undefined;
    if (state === 'active') position = 0;
    else if (state === 'waiting' || state === 'prioritized') {
      const waiting = await this.#queue.getJobs(['prioritized', 'waiting'], 0, -1, true);
      position = waiting.findIndex((each) => each.id === job.id) + 1;
    }
    return statusOfJob(job, state, clientIds.sort(), position);
  }

  #clientsKey(jobId: string): string {
    return this.#queue.toKey(`export-pdf-clients:${jobId}`);
  }

  #clientKey(clientId: string): string {
    return this.#queue.toKey(`export-pdf-client:${clientId}`);
  }
}
