/** Error texts the API's clients match on (the `error` field); they never change. */
export const ERROR_TEXTS = {
  notCreated: 'PDF file was not created',
  commandFailed: 'Export command failed',
  noDirectory: 'ENOENT: no such file or directory',
  storeUnavailable: 'The book store is unavailable',
} as const;

/** The body of every failed API response, whatever the status. */
export type ErrorBody = {
  success: false;
  /** What went wrong, in one line. */
  error: string;
  /** What to do about it, when the server can say. */
  detail?: string;
  /** The server's stack trace, only when NODE_ENV is `development`. */
  stack?: string;
};
