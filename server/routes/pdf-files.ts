import {Router, type RequestHandler} from 'express';
import {listPdfFiles} from '../documents';
import {methodNotAllowed} from './method-not-allowed';

/** GET /pdf-files: the PDFs in the documents directory, newest first. */
export function pdfFilesRouter(documentsDir: string, guards: RequestHandler[] = []): Router {
  const router = Router();
  router
    .route('/pdf-files')
    .get(...guards, async (_req, res) => {
      const files = await listPdfFiles(documentsDir);
      res.json({count: files.length, files});
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
