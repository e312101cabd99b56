import {Router, type RequestHandler} from 'express';
import type {ExportSuccess} from '../../contracts/api';
import {megabytes} from '../store/pdf-entries';
import type {Exporter} from '../export/exporter';
import {HttpError} from '../errors';
import {resolveFileName} from '../file-name';
import {EXPORT_ID} from './export-status';
import {methodNotAllowed} from './method-not-allowed';

function singleValue(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') {
    throw new HttpError(400, `Invalid ${name}: give it once, as a non-empty string`);
  }
  return value;
}

/**
 * GET /export-pdf?fileName=&locale=&docsPluginId=&version=&category=&doc=&exportId=: exports
 * the site and answers when the file is in place. `exportId`, chosen by the
 * client, finds the export in GET /export-status/:id and /export-events?id=.
 */
export function exportPdfRouter(exporter: Pick<Exporter, 'export'>, guards: RequestHandler[] = []): Router {
  const router = Router();
  router
    .route('/export-pdf')
    // Express answers HEAD with the GET handler; a HEAD must not start minutes of work.
    .head(methodNotAllowed(['GET']))
    .get(...guards, async (req, res) => {
      const fileName = req.query.fileName === undefined ? undefined : resolveFileName(req.query.fileName);
      const clientId = singleValue(req.query, 'exportId');
      if (clientId !== undefined && !EXPORT_ID.test(clientId)) {
        throw new HttpError(400, 'Invalid exportId: 1 to 64 letters, digits, "-" or "_"');
      }
      const result = await exporter.export(
        fileName,
        {
          locale: singleValue(req.query, 'locale'),
          docsPluginId: singleValue(req.query, 'docsPluginId'),
          version: singleValue(req.query, 'version'),
          category: singleValue(req.query, 'category'),
          doc: singleValue(req.query, 'doc'),
        },
        {clientId},
      );
      const body: ExportSuccess = {
        success: true,
        message: 'PDF exported successfully',
        pdfPath: result.pdfPath,
        pdfUrl: encodeURIComponent(result.fileName),
        fileName: result.fileName,
        fileSize: result.fileSize,
        fileSizeMB: megabytes(result.fileSize),
      };
      res.json(body);
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
