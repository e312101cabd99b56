import type {ErrorRequestHandler, RequestHandler} from 'express';
import type {ErrorBody} from '../contracts/errors';
import {Busy, DomainError, ExportRejected, HttpError, NotFound, StoreUnavailable} from './errors';

export const notFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `Not found: ${req.method} ${req.path}`));
};

/** A path that does not decode (`/%E0%A4%A`) is a client error, not an unknown route. */
export const rejectMalformedUrl: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    next(new HttpError(400, 'Malformed URL: the path is not valid percent-encoded UTF-8'));
  }
};

/** Each domain error's status, the one place they meet HTTP. */
function statusOf(error: DomainError): number {
  if (error instanceof ExportRejected) return 400;
  if (error instanceof NotFound) return 404;
  if (error instanceof Busy || error instanceof StoreUnavailable) return 503;
  // NotReady, EngineFailed, TimedOut: the export failed, with the texts clients know.
  return 500;
}

function asHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) {
    const headers: Record<string, string> = error instanceof Busy ? {'Retry-After': String(error.retryAfterSeconds)} : {};
    return new HttpError(statusOf(error), error.message, {detail: error.detail, headers, cause: error});
  }
  // Errors raised by Express and its parsers carry a 4xx status (a malformed URL, say).
  const status = (error as {status?: unknown})?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, (error as Error).message || 'Bad request', {cause: error});
  }
  return new HttpError(500, error instanceof Error ? error.message : String(error), {cause: error});
}

/** The API's error body (contracts/errors.ts), the one place it is built. */
export function errorBody(message: string, detail?: string, stack?: string): ErrorBody {
  return {success: false, error: message, ...(detail ? {detail} : {}), ...(stack ? {stack} : {})};
}

/** Every failure leaves as the API's error body (contracts/errors.ts), never as HTML. */
export function errorMiddleware(options: {exposeStack: boolean}): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const failure = asHttpError(error);
    const original = failure.cause instanceof Error ? failure.cause : failure;
    const stack = options.exposeStack ? (original.stack ?? failure.stack) : undefined;
    res
      .status(failure.status)
      .set(failure.headers)
      .json(errorBody(failure.message, failure.detail, stack));
  };
}
