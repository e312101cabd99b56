import cors from 'cors';
import express, {type Express} from 'express';
import type {ServerConfig} from './config';
import {errorMiddleware, notFound} from './error-middleware';
import type {Exporter} from './export/exporter';
import {exportPdfRouter} from './routes/export-pdf';
import {healthRouter} from './routes/health';
import {pdfFilesRouter} from './routes/pdf-files';
import type {SiteProbe} from './site/site-probe';

export type AppDependencies = {
  exporter: Pick<Exporter, 'export'>;
  siteProbe: SiteProbe;
};

/** The API without `listen`, so tests and the server entry build it the same way. */
export function createApp(
  config: Pick<ServerConfig, 'documentsDir' | 'nodeEnv'>,
  {exporter, siteProbe}: AppDependencies,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(cors());
  app.use(healthRouter(siteProbe));
  app.use(exportPdfRouter(exporter));
  app.use(pdfFilesRouter(config.documentsDir));
  app.use(notFound);
  app.use(errorMiddleware({exposeStack: config.nodeEnv === 'development'}));
  return app;
}
