/**
 * The Acme Widgets client SDK: add jobs to a queue from any Node.js process and follow them to the end.
 *
 * @packageDocumentation
 */

/** Where a job is in its life. */
export declare enum JobState {
  /** Ready to run, waiting for a worker. */
  Waiting = 'waiting',
  /** Held by a worker. */
  Active = 'active',
  /** Waiting for its time in the delayed set. */
  Delayed = 'delayed',
  /** Finished: its handler returned. */
  Completed = 'completed',
  /** Out of attempts, or failed for good. */
  Failed = 'failed',
}

/** Options for one job; each overrides the queue's default. */
export interface JobOptions {
  /**
   * Attempts before the job fails for good.
   *
   * @defaultValue 3
   */
  attempts?: number;
  /** Delay before the first attempt, in milliseconds. */
  delayMs?: number;
  /** From 1 (first) to 10 (last); jobs of the same priority run in the order they were added. */
  priority?: number;
  /** The job's own id: adding a job whose id is already waiting returns that job instead. */
  jobId?: string;
}

/** A job as the queue stores it. */
export interface Job<Data = unknown> {
  /** The job's id, given or generated. */
  readonly id: string;
  /** The handler that runs it. */
  readonly name: string;
  /** What the handler receives. */
  readonly data: Data;
  /** Where it is now. */
  readonly state: JobState;
  /** Attempts made so far. */
  readonly attemptsMade: number;
}

/** A change of state, as {@link Client.events} reports it. */
export interface JobEvent {
  /** The job that changed. */
  jobId: string;
  /** Its new state. */
  state: JobState;
  /** When, in milliseconds since the epoch. */
  timestamp: number;
}

/** Where the client connects. */
export interface ClientOptions {
  /** The Acme Widgets server, e.g. `https://queue.example.com`. */
  url: string;
  /** A token the server asks for, if any. */
  token?: string;
}

/**
 * A connection to one Acme Widgets server.
 *
 * @example
 * ```ts
 * const client = new Client({url: process.env.ACME_URL});
 * const job = await client.add('send-invoice', {invoiceId: 43}, {attempts: 5});
 * ```
 */
export declare class Client {
  /** @param options - Where to connect. */
  constructor(options: ClientOptions);
  /**
   * Adds a job to the queue its name belongs to.
   *
   * @param name - The handler that runs it.
   * @param data - What the handler receives.
   * @param options - Overrides of the queue's defaults.
   * @returns The job, waiting or delayed.
   */
  add<Data>(name: string, data: Data, options?: JobOptions): Promise<Job<Data>>;
  /**
   * Reads a job.
   *
   * @returns The job, or `undefined` once it has been removed.
   */
  get(id: string): Promise<Job | undefined>;
  /** Every change of state, as it happens, until the loop is left. */
  events(): AsyncIterable<JobEvent>;
}

/**
 * The delay before retry number `attempt`: `baseMs` doubled at each attempt, never above `ceilingMs`.
 *
 * @param attempt - The attempt that failed, from 1.
 * @param baseMs - The first delay.
 * @param ceilingMs - The longest delay.
 */
export declare function backoffDelay(attempt: number, baseMs?: number, ceilingMs?: number): number;
