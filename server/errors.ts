/** Error texts the interface document names; clients match on them. */
export const ERROR_TEXTS = {
  notCreated: 'PDF file was not created',
  commandFailed: 'Export command failed',
  noDirectory: 'ENOENT: no such file or directory',
} as const;

/**
 * The one error type routes throw: an HTTP status, a public message for the
 * `error` field, and an optional `detail` that says what to do about it.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail?: string;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    options: {detail?: string; headers?: Record<string, string>; cause?: unknown} = {},
  ) {
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

/** The spec's ENOENT error for a documents directory that is not there. */
export function missingDirectoryError(documentsDir: string, cause?: unknown): HttpError {
  return new HttpError(500, ERROR_TEXTS.noDirectory, {
    detail: `The documents directory ${documentsDir} does not exist. Create it or set DOCS_PATH.`,
    cause,
  });
}
