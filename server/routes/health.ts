import {Router} from 'express';
import type {BrowserState, HealthReport} from '../../contracts/api';
import type {FontReport} from '../fonts';
import type {SiteProbe} from '../site/site-probe';
import {methodNotAllowed} from './method-not-allowed';

/**
 * GET /health (HEAD too): 200 when the site answers, 503 "degraded" when it
 * does not. With a font report, `services.fonts` tells whether every script
 * has a font, and `detail` which have none: missing fonts do not stop exports,
 * they print boxes, so they never make the service unhealthy. Neither does the
 * browser (`services.browser`): an export launches it again when it is gone.
 */
export function healthRouter(siteProbe: SiteProbe, fonts?: FontReport, browserState?: () => BrowserState | undefined): Router {
  const router = Router();
  router
    .route('/health')
    .get(async (_req, res) => {
      const siteRunning = await siteProbe();
      const browser = browserState?.();
      const report: HealthReport = {
        status: siteRunning ? 'ok' : 'degraded',
        timestamp: new Date().toISOString(),
        services: {
          api: 'running',
          site: siteRunning ? 'running' : 'stopped',
          ...(fonts && {fonts: fonts.state}),
          ...(browser && {browser}),
        },
        ...(fonts && fonts.state !== 'complete' && {detail: fonts.detail}),
      };
      res.status(siteRunning ? 200 : 503).json(report);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
