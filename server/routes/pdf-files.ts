import {Router, type RequestHandler} from 'express';
import type {PdfFilesBody} from '../../contracts/api';
import type {BookStore} from '../store/book-store';
import {methodNotAllowed} from './method-not-allowed';

/** GET /pdf-files: the PDFs in the book store, newest first. */
export function pdfFilesRouter(store: Pick<BookStore, 'list'>, guards: RequestHandler[] = []): Router {
  const router = Router();
  router
    .route('/pdf-files')
    .get(...guards, async (_req, res) => {
      const files = await store.list();
      const body: PdfFilesBody = {count: files.length, files};
      res.json(body);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
