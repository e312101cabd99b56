import {Router} from 'express';
import type {BrowserState, HealthReport, QueueHealth} from '../../contracts/api';
import type {FontReport} from '../fonts';
import type {SiteProbe} from '../site/site-probe';
import type {BookStore} from '../store/book-store';
import {methodNotAllowed} from './method-not-allowed';

export type HealthChecks = {
  siteProbe: SiteProbe;
  store: Pick<BookStore, 'check'>;
  fonts?: FontReport;
  browserState?: () => BrowserState | undefined;
  /** The job queue's Redis, with REDIS_URL; none: exports run in the server. */
  queueState?: () => Promise<QueueHealth | undefined>;
};

/**
 * GET /health (HEAD too): 200 when the site and the book store answer (and, with REDIS_URL, the
 * job queue), 503 "degraded" when one does not: without them no export can start or be kept.
 * With a font report, `services.fonts` tells whether every script has a font, and `detail` which
 * have none: missing fonts do not stop exports, they print boxes, so they never make the service
 * unhealthy. Neither does the browser (`services.browser`): an export launches it again when it
 * is gone.
 */
export function healthRouter({siteProbe, store, fonts, browserState, queueState}: HealthChecks): Router {
  const router = Router();
  router
    .route('/health')
    .get(async (_req, res) => {
      const [siteRunning, storeState, queue] = await Promise.all([siteProbe(), store.check(), queueState?.()]);
      const browser = browserState?.();
      const healthy = siteRunning && storeState === 'running' && queue !== 'unreachable';
      const report: HealthReport = {
        status: healthy ? 'ok' : 'degraded',
        timestamp: new Date().toISOString(),
        services: {
          api: 'running',
          site: siteRunning ? 'running' : 'stopped',
          ...(fonts && {fonts: fonts.state}),
          ...(browser && {browser}),
          store: storeState,
          ...(queue && {queue}),
        },
        ...(fonts && fonts.state !== 'complete' && {detail: fonts.detail}),
      };
      res.status(healthy ? 200 : 503).json(report);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
