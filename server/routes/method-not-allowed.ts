import type {RequestHandler} from 'express';
import {HttpError} from '../errors';

/** Ends a route's method list: anything else is a 405 that names what is allowed. */
export function methodNotAllowed(allowed: string[]): RequestHandler {
  const allow = allowed.join(', ');
  return (req, _res, next) => {
    next(
      new HttpError(405, `Method ${req.method} is not allowed on ${req.path}; use ${allow}`, {
        headers: {Allow: allow},
      }),
    );
  };
}
