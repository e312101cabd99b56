import cors from 'cors';
import express, {type Express, type RequestHandler} from 'express';
import helmet from 'helmet';
import {requireBearerToken} from './auth';
import type {ServerConfig} from './config';
import {errorMiddleware, notFound, rejectMalformedUrl} from './error-middleware';
import type {Exporter} from './export/exporter';
import {exportRateLimit} from './rate-limit';
import {exportPdfRouter} from './routes/export-pdf';
import {exportStatusRouter} from './routes/export-status';
import type {FontReport} from './fonts';
import {healthRouter} from './routes/health';
import {pdfFilesRouter} from './routes/pdf-files';
import type {SiteProbe} from './site/site-probe';

export type AppConfig = Pick<ServerConfig, 'documentsDir' | 'nodeEnv'> &
  Partial<Pick<ServerConfig, 'apiToken' | 'rateLimit' | 'rateWindowMs' | 'eventStreams'>>;

export type AppDependencies = {
  exporter: Pick<Exporter, 'export'> & Partial<Pick<Exporter, 'status' | 'browserState' | 'queueState'>>;
  siteProbe: SiteProbe;
  /** Fonts found at start, reported by /health. */
  fonts?: FontReport;
};

/** The API without `listen`, so tests and the server entry build it the same way. */
export function createApp(config: AppConfig, {exporter, siteProbe, fonts}: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Any page may call the API (CORS in the README's API section), so its answers must stay readable cross-origin.
  app.use(helmet({crossOriginResourcePolicy: {policy: 'cross-origin'}}));
  app.use(
    cors({
      exposedHeaders: ['Retry-After', 'RateLimit', 'RateLimit-Policy', 'WWW-Authenticate'],
      maxAge: 600,
    }),
  );
  app.use(rejectMalformedUrl);
  app.use(
    healthRouter(
      siteProbe,
      fonts,
      exporter.browserState && (() => exporter.browserState!()),
      exporter.queueState && (() => exporter.queueState!()),
    ),
  );

  const guarded: RequestHandler[] = config.apiToken ? [requireBearerToken(config.apiToken)] : [];
  const exportGuards = config.rateLimit ? [...guarded, exportRateLimit(config.rateLimit, config.rateWindowMs ?? 10 * 60 * 1000)] : guarded;
  app.use(exportPdfRouter(exporter, exportGuards));
  app.use(pdfFilesRouter(config.documentsDir, guarded));
  if (exporter.status) app.use(exportStatusRouter(exporter.status, guarded, config.eventStreams));
  app.use(notFound);
  app.use(errorMiddleware({exposeStack: config.nodeEnv === 'development'}));
  return app;
}
