import {ERROR_TEXTS} from '../contracts/errors';

type ErrorOptions = {
  /** What to do about it, for the client: the `detail` of the error body, the CLI's second line. */
  detail?: string;
  cause?: unknown;
};

/**
 * A failure the service explains to whoever asked: `message` is the public
 * one-line text (the `error` field), `detail` what to do about it. Thrown where
 * the failure happens; server/error-middleware.ts maps each kind to an HTTP
 * status and server/export-command/command-failure.ts to an exit code.
 */
export class DomainError extends Error {
  readonly detail?: string;

  constructor(message: string, options: ErrorOptions = {}) {
    super(message, {cause: options.cause});
    this.name = new.target.name;
    this.detail = options.detail;
  }
}

/** The request asks for what cannot be: a bad file name, or a locale, docs instance, version, category or doc the site lacks. */
export class ExportRejected extends DomainError {}

/** Something asked for by id that the server does not have. */
export class NotFound extends DomainError {}

/** The service is not set up for this: documents directory, site build, Chromium or manifest missing or wrong. */
export class NotReady extends DomainError {}

/** The book store (a bucket of S3-compatible storage) does not answer, or refuses: nothing was listed, served or committed. */
export class StoreUnavailable extends DomainError {
  /** Where the store is (a directory, an `s3://` URL) and why it failed; without `reason`, `where` is the whole detail (one rebuilt from a worker's failure). */
  constructor(where: string, reason?: string, options: {cause?: unknown} = {}) {
    super(ERROR_TEXTS.storeUnavailable, {detail: reason === undefined ? where : `${where}: ${reason}`, cause: options.cause});
  }
}

/** Too much at once, or the server is stopping: try again after `retryAfterSeconds`. */
export class Busy extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, options: ErrorOptions = {}) {
    super(message, options);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** How an export failed, as the two error texts clients match on. */
export type EngineOutcome = 'command-failed' | 'not-created';

/** The export ran and failed; `detail` says why, the message is the matching error text. */
export class EngineFailed extends DomainError {
  readonly outcome: EngineOutcome;

  constructor(outcome: EngineOutcome, detail: string, options: {cause?: unknown} = {}) {
    super(outcome === 'not-created' ? ERROR_TEXTS.notCreated : ERROR_TEXTS.commandFailed, {detail, cause: options.cause});
    this.outcome = outcome;
  }
}

/** The export ran past its deadline and was stopped, with its whole process tree. */
export class TimedOut extends EngineFailed {
  constructor(detail: string) {
    super('command-failed', detail);
  }
}

/**
 * An error of the HTTP layer itself (authentication, methods, rate limits,
 * malformed parameters): thrown by middleware and routes only. Below the
 * routes, throw a domain error.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail?: string;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, options: ErrorOptions & {headers?: Record<string, string>} = {}) {
    super(message, {cause: options.cause});
    this.name = 'HttpError';
    this.status = status;
    this.detail = options.detail;
    this.headers = options.headers ?? {};
  }
}

export function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

/** The ENOENT error clients know, for a documents directory that is not there. */
export function missingDirectoryError(documentsDir: string, cause?: unknown): NotReady {
  return new NotReady(ERROR_TEXTS.noDirectory, {
    detail: `The documents directory ${documentsDir} does not exist. Create it or set DOCS_PATH.`,
    cause,
  });
}
