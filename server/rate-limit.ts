import type {RequestHandler} from 'express';
import {rateLimit} from 'express-rate-limit';
import {HttpError} from './errors';

/** Per-client limit on starting exports, with the IETF RateLimit headers. */
export function exportRateLimit(limit: number, windowMs: number): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next, options) => {
      next(
        new HttpError(429, 'Too many exports from this client; try again later', {
          detail: `At most ${options.limit} exports per ${Math.round(windowMs / 1000)} s.`,
        }),
      );
    },
  });
}
