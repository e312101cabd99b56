import {ConfigError} from '../config';
import {DomainError, ExportRejected, NotReady, StoreUnavailable} from '../errors';

/** Exit codes of `docusaurus export-pdf`, for CI scripts that tell failures apart. */
export const EXIT_CODES = {
  ok: 0,
  /** The export itself failed: the engine, Chromium dying, the deadline. */
  exportFailed: 1,
  /** The command asked for something wrong: an option, the output file, a locale/version/category/doc the site lacks. */
  usage: 2,
  /** The machine or site is not ready: site not built, no Chromium, a bad environment variable, the book store unavailable. */
  setup: 3,
  /** Stopped by SIGINT (Ctrl-C). */
  interrupted: 130,
  /** Stopped by SIGTERM. */
  terminated: 143,
} as const;

/** Why the command stops: a one-line message, what to do about it, and the exit code. */
export class CommandFailure extends Error {
  readonly exitCode: number;
  readonly detail?: string;

  constructor(exitCode: number, message: string, detail?: string) {
    super(message);
    this.name = 'CommandFailure';
    this.exitCode = exitCode;
    this.detail = detail;
  }
}

/** Any error the command meets, as the failure it reports. */
export function toCommandFailure(error: unknown): CommandFailure {
  if (error instanceof CommandFailure) return error;
  // Its message lists the problems on several lines; the command says them on one.
  if (error instanceof ConfigError) return new CommandFailure(EXIT_CODES.setup, 'Invalid environment', error.problems.join('; '));
  if (error instanceof DomainError) {
    const code =
      error instanceof ExportRejected
        ? EXIT_CODES.usage
        : error instanceof NotReady || error instanceof StoreUnavailable
          ? EXIT_CODES.setup
          : EXIT_CODES.exportFailed;
    return new CommandFailure(code, error.message, error.detail);
  }
  return new CommandFailure(EXIT_CODES.exportFailed, error instanceof Error ? error.message : String(error));
}
