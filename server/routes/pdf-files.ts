import {Router, type RequestHandler} from 'express';
import type {PdfFilesBody} from '../../contracts/api';
import {listPdfFiles} from '../documents';
import {methodNotAllowed} from './method-not-allowed';

/** GET /pdf-files: the PDFs in the documents directory, newest first. */
export function pdfFilesRouter(documentsDir: string, guards: RequestHandler[] = []): Router {
  const router = Router();
  router
    .route('/pdf-files')
    .get(...guards, async (_req, res) => {
      const files = await listPdfFiles(documentsDir);
      const body: PdfFilesBody = {count: files.length, files};
      res.json(body);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
