import {promises as fs} from 'node:fs';
import path from 'node:path';
import {loadSiteConfig} from './built-site';
import {createExporter} from './create-exporter';
import {checkMachine} from './machine-check';
import {closeServer, freePort, listen} from './listen';
import {queueNameOf, requireRedisUrl} from './queue/bullmq-connection';
import {loadFor} from './optional-packages';
import {builtSite, defaultLocaleManifest, readBuiltManifests} from './manifest';
import {httpSiteProbe} from './site/site-probe';
import {openBookStore} from './store/create-book-store';
import {createStaticSiteApp} from './site/static-site';

export type RunningWorker = {
  /** Takes no more jobs, lets the running ones finish within SHUTDOWN_GRACE_MS, then aborts them. */
  close: () => Promise<void>;
};

const log = (line: string) => console.log(`[export-pdf] ${line}`);

/**
 * `docusaurus-export-pdf worker [siteDir]`: runs the exports that API instances put in the site's
 * BullMQ queue, with the server's own exporter and engines (one Chromium for the process), the
 * same deadline and the same sweep of stale scratch files. Like the `export-pdf` command it
 * serves the site's build to its engine on a loopback port of its own; it serves nothing else.
 */
export async function runWorker(siteDirArg: string, dir?: string): Promise<RunningWorker> {
  const siteDir = await fs.realpath(path.resolve(siteDirArg));
  const built = builtSite(siteDir, dir);
  const loadManifests = () => readBuiltManifests(built);
  const manifest = defaultLocaleManifest(await loadManifests());
  const config = loadSiteConfig(siteDir, manifest);
  const redisUrl = requireRedisUrl(config.queue.redisUrl);
  const {ExportWorker} = await loadFor('REDIS_URL', () => import('./queue/bullmq-worker.js'));
  if (!config.store.s3) await fs.mkdir(config.documentsDir, {recursive: true});
  const store = await openBookStore(config);

  // A browser service elsewhere (BROWSER_SITE_URL) reaches the build on HOST:DOCSITE_PORT; the
  // worker's own Chromium on a free loopback port.
  const reachedFromElsewhere = config.browserService?.siteUrl !== undefined;
  const port = reachedFromElsewhere ? config.sitePort : await freePort();
  const siteOrigin = `http://127.0.0.1:${port}`;
  const site = await listen(
    createStaticSiteApp(manifest, {store, apiPort: config.apiPort}),
    port,
    reachedFromElsewhere ? config.host : '127.0.0.1',
    'site',
  );
  const exporter = await createExporter({
    siteDir,
    loadManifests,
    store,
    // A browser service in another container reaches this worker's site at another address.
    siteOrigin: config.browserService?.siteUrl ?? siteOrigin,
    browserWsEndpoint: config.browserService?.wsEndpoint,
    servesBuild: true,
    siteProbe: httpSiteProbe(siteOrigin + manifest.baseUrl),
    engine: config.engine,
    native: config,
    timeoutMs: config.exportTimeoutMs,
    queueLimit: 0,
    log,
  });
  await checkMachine(log);

  const queueName = queueNameOf(manifest, config.queue.name);
  const worker = new ExportWorker({
    redisUrl,
    queueName,
    concurrency: config.queue.workerConcurrency,
    lockMs: config.queue.lockMs,
    run: (runId, order, sink) => exporter.runJob(runId, order, sink),
    log,
  });
  void exporter.warm(config.trial);
  log(`Worker ${process.pid}: queue ${queueName}, ${config.queue.workerConcurrency} export(s) at once, site build on ${siteOrigin}`);
  log(`PDFs: ${store.where}`);
  if ((await store.check()) === 'unreachable')
    log(`warning: the book store ${store.where} does not answer; its exports fail until it does`);
  void worker.ready().then(
    () => log('Worker ready: taking jobs'),
    () => undefined,
  );

  return {
    close: async () => {
      const finished = await worker.stop(config.shutdownGraceMs);
      if (!finished) log('grace over: aborting the running export(s); another worker takes them again');
      // Aborts what still runs (its process tree is killed) and closes Chromium.
      await exporter.close(0);
      site.closeAllConnections();
      await closeServer(site);
    },
  };
}
