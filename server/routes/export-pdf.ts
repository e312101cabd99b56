import {Router, type RequestHandler} from 'express';
import {megabytes} from '../documents';
import type {Exporter} from '../export/exporter';
import {HttpError} from '../errors';
import {resolveFileName} from '../file-name';
import {methodNotAllowed} from './method-not-allowed';

function singleValue(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') {
    throw new HttpError(400, `Invalid ${name}: give it once, as a non-empty string`);
  }
  return value;
}

/** GET /export-pdf?fileName=&locale=&version=&category=&doc=: exports the site and answers when the file is in place. */
export function exportPdfRouter(
  exporter: Pick<Exporter, 'export'>,
  guards: RequestHandler[] = [],
): Router {
  const router = Router();
  router
    .route('/export-pdf')
    // Express answers HEAD with the GET handler; a HEAD must not start minutes of work.
    .head(methodNotAllowed(['GET']))
    .get(...guards, async (req, res) => {
      const fileName = resolveFileName(req.query.fileName);
      const result = await exporter.export(fileName, {
        locale: singleValue(req.query, 'locale'),
        version: singleValue(req.query, 'version'),
        category: singleValue(req.query, 'category'),
        doc: singleValue(req.query, 'doc'),
      });
      res.json({
        success: true,
        message: 'PDF exported successfully',
        pdfPath: result.pdfPath,
        pdfUrl: encodeURIComponent(result.fileName),
        fileName: result.fileName,
        fileSize: result.fileSize,
        fileSizeMB: megabytes(result.fileSize),
      });
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
