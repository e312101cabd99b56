import {Router} from 'express';
import type {BrowserState, HealthReport, QueueHealth} from '../../contracts/api';
import type {FontReport} from '../fonts';
import type {SiteProbe} from '../site/site-probe';
import {methodNotAllowed} from './method-not-allowed';

/**
 * GET /health (HEAD too): 200 when the site answers, 503 "degraded" when it
 * does not. With a font report, `services.fonts` tells whether every script
 * has a font, and `detail` which have none: missing fonts do not stop exports,
 * they print boxes, so they never make the service unhealthy. Neither does the
 * browser (`services.browser`): an export launches it again when it is gone. The job queue
 * (`services.queue`, with REDIS_URL) does: without Redis no export can start, so 503 "degraded".
 */
export function healthRouter(
  siteProbe: SiteProbe,
  fonts?: FontReport,
  browserState?: () => BrowserState | undefined,
  queueState?: () => Promise<QueueHealth | undefined>,
): Router {
  const router = Router();
  router
    .route('/health')
    .get(async (_req, res) => {
      const [siteRunning, queue] = await Promise.all([siteProbe(), queueState?.()]);
      const browser = browserState?.();
      const healthy = siteRunning && queue !== 'unreachable';
      const report: HealthReport = {
        status: healthy ? 'ok' : 'degraded',
        timestamp: new Date().toISOString(),
        services: {
          api: 'running',
          site: siteRunning ? 'running' : 'stopped',
          ...(fonts && {fonts: fonts.state}),
          ...(browser && {browser}),
          ...(queue && {queue}),
        },
        ...(fonts && fonts.state !== 'complete' && {detail: fonts.detail}),
      };
      res.status(healthy ? 200 : 503).json(report);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
