import type {RequestHandler} from 'express';
import type {BookStore} from '../store/book-store';
import {isListedPdf} from '../store/pdf-entries';

/**
 * Serves `{site}/{fileName}` from the book store: listed `*.pdf` names only (no
 * hidden part files, no paths); anything else, or a book that is not there, falls through.
 * A failure of the store goes on to the site's error middleware.
 */
export function documentsRoute(store: Pick<BookStore, 'serve'>): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    if (!isListedPdf(name) || name.includes('/') || name.includes('\\')) return next();
    try {
      if (!(await store.serve(name, req, res))) next();
    } catch (error) {
      next(error); // the site's error middleware answers a store that is unavailable
    }
  };
}
