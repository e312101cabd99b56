import {Router} from 'express';
import type {SiteProbe} from '../site/site-probe';
import {methodNotAllowed} from './method-not-allowed';

/** GET /health (HEAD too): 200 when the site answers, 503 "degraded" when it does not. */
export function healthRouter(siteProbe: SiteProbe): Router {
  const router = Router();
  router
    .route('/health')
    .get(async (_req, res) => {
      const siteRunning = await siteProbe();
      res.status(siteRunning ? 200 : 503).json({
        status: siteRunning ? 'ok' : 'degraded',
        timestamp: new Date().toISOString(),
        services: {api: 'running', site: siteRunning ? 'running' : 'stopped'},
      });
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  return router;
}
