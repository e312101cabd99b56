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
import type {BookStore} from './store/book-store';

export type AppConfig = Pick<ServerConfig, 'nodeEnv'> &
  Partial<Pick<ServerConfig, 'apiToken' | 'rateLimit' | 'rateWindowMs' | 'eventStreams'>>;

export type AppDependencies = {
  exporter: Pick<Exporter, 'export'> & Partial<Pick<Exporter, 'status' | 'browserState' | 'queueState'>>;
  siteProbe: SiteProbe;
  /** Where the books are listed from (GET /pdf-files); /health checks it. */
  store: Pick<BookStore, 'list' | 'check'>;
  /** Fonts found at start, reported by /health. */
  fonts?: FontReport;
};

/** The API without `listen`, so tests and the server entry build it the same way. */
export function createApp(config: AppConfig, {exporter, siteProbe, store, fonts}: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Any page may call the API (CORS in docs/api.md), so its answers must stay readable cross-origin.
  app.use(helmet({crossOriginResourcePolicy: {policy: 'cross-origin'}}));
  app.use(
    cors({
      exposedHeaders: ['Retry-After', 'RateLimit', 'RateLimit-Policy', 'WWW-Authenticate'],
      maxAge: 600,
    }),
  );
  app.use(rejectMalformedUrl);
  app.use(
    healthRouter({
      siteProbe,
      store,
      fonts,
      browserState: exporter.browserState && (() => exporter.browserState!()),
      queueState: exporter.queueState && (() => exporter.queueState!()),
    }),
  );

  const guarded: RequestHandler[] = config.apiToken ? [requireBearerToken(config.apiToken)] : [];
  const exportGuards = config.rateLimit ? [...guarded, exportRateLimit(config.rateLimit, config.rateWindowMs ?? 10 * 60 * 1000)] : guarded;
  app.use(exportPdfRouter(exporter, exportGuards));
  app.use(pdfFilesRouter(store, guarded));
  if (exporter.status) app.use(exportStatusRouter(exporter.status, guarded, config.eventStreams));
  app.use(notFound);
  app.use(errorMiddleware({exposeStack: config.nodeEnv === 'development'}));
  return app;
}
