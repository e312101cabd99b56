import {createHash, timingSafeEqual} from 'node:crypto';
import type {RequestHandler} from 'express';
import {HttpError} from './errors';

const CHALLENGE = 'Bearer realm="docusaurus-export-pdf"';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Requires `Authorization: Bearer <token>`. Both sides are hashed first so the
 * comparison takes the same time whatever the length or content of the guess.
 * A token in the query string would end up in logs and browser history, so it is
 * refused outright rather than ignored.
 */
export function requireBearerToken(token: string): RequestHandler {
  const expected = digest(token);
  return (req, _res, next) => {
    if (req.method === 'OPTIONS') return next();
    const query = Object.keys(req.query).map((key) => key.toLowerCase());
    if (query.some((key) => ['token', 'access_token', 'api_token', 'apitoken'].includes(key))) {
      return next(
        new HttpError(400, 'Send the API token in the Authorization header, never in the URL', {
          headers: {'WWW-Authenticate': CHALLENGE},
        }),
      );
    }
    const header = req.get('authorization') ?? '';
    const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
    if (match && timingSafeEqual(digest(match[1]!), expected)) return next();
    next(
      new HttpError(401, match ? 'Invalid API token' : 'Authentication required', {
        detail: 'Send the header Authorization: Bearer <API token>.',
        headers: {
          'WWW-Authenticate': match ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE,
        },
      }),
    );
  };
}
