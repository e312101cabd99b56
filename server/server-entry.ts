import {promises as fs} from 'node:fs';
import type {IncomingMessage, Server} from 'node:http';
import type {Socket} from 'node:net';
import path from 'node:path';
import type {ChildProcess} from 'node:child_process';
import type {SiteManifest} from '../contracts/manifest';
import {createApp} from './app';
import {seedDocuments} from './build-time/seed-documents';
import {answerClientErrorsAsJson} from './client-error';
import {checkMachine} from './machine-check';
import {loadSiteConfig} from './built-site';
import {internalSiteOrigin, type ServerConfig} from './config';
import {createExporter} from './create-exporter';
import {StoreUnavailable} from './errors';
import {killTree} from './export/process-tree';
import {closeServer, freePort, listen} from './listen';
import {builtSite, defaultLocaleManifest, readBuiltManifests, readDevManifests} from './manifest';
import {createDevSiteApp, spawnDevServer} from './site/dev-site';
import {queueNameOf} from './queue/bullmq-connection';
import {loadFor} from './optional-packages';
import {httpSiteProbe} from './site/site-probe';
import {createStaticSiteApp} from './site/static-site';
import type {BookStore} from './store/book-store';
import {openBookStore} from './store/create-book-store';

export type ServerMode = 'serve' | 'start';

export type RunningServer = {
  config: ServerConfig;
  /** Stops accepting requests, ends the running export, stops the dev server. */
  close: () => Promise<void>;
};

const log = (line: string) => console.log(`[export-pdf] ${line}`);

/**
 * Docusaurus writes plugin data (our manifest) before its dev server listens,
 * and skips the write when nothing changed, so "the dev server answers" is the
 * signal that the manifest on disk is current.
 */
async function waitForDevServer(origin: string, devServer: ChildProcess): Promise<void> {
  const answers = httpSiteProbe(origin, 1000);
  while (!(await answers())) {
    if (devServer.exitCode !== null) {
      throw new Error(`docusaurus start exited with code ${devServer.exitCode}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** SIGTERM to the dev server's tree, SIGKILL after 10 s; waits so the child is reaped. */
async function stopDevServer(devServer: ChildProcess): Promise<void> {
  if (devServer.exitCode !== null || devServer.signalCode !== null || !devServer.pid) return;
  const exited = new Promise((resolve) => devServer.once('exit', resolve));
  killTree(devServer.pid, 'SIGTERM');
  const force = setTimeout(() => killTree(devServer.pid!, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

/** `dir`: the build `serve` serves (`--dir`), else the site's `build/`. */
export async function runServer(mode: ServerMode, siteDirArg: string, dir?: string): Promise<RunningServer> {
  const siteDir = await fs.realpath(path.resolve(siteDirArg));
  if (mode === 'serve') {
    const site = builtSite(siteDir, dir);
    const loadManifests = () => readBuiltManifests(site);
    return startServers(siteDir, loadManifests, defaultLocaleManifest(await loadManifests()));
  }
  const devPort = await freePort();
  const dev = {origin: `http://127.0.0.1:${devPort}`, process: spawnDevServer(siteDir, devPort)};
  try {
    await waitForDevServer(dev.origin, dev.process);
    const loadManifests = () => readDevManifests(siteDir);
    return await startServers(siteDir, loadManifests, defaultLocaleManifest(await loadManifests()), dev);
  } catch (error) {
    // Whatever stops the start (bad environment, port in use) must not orphan the dev server.
    await stopDevServer(dev.process);
    throw error;
  }
}

async function startServers(
  siteDir: string,
  loadManifests: () => Promise<Map<string, SiteManifest>>,
  manifest: SiteManifest,
  dev?: {origin: string; process: ChildProcess},
): Promise<RunningServer> {
  const config = loadSiteConfig(siteDir, manifest);
  if (!config.store.s3) await fs.mkdir(config.documentsDir, {recursive: true});
  const store = await openBookStore(config);
  if (!dev) await seedStore(store, loadManifests);
  const siteOrigin = internalSiteOrigin(config);
  const siteProbe = httpSiteProbe(siteOrigin + manifest.baseUrl);
  const {redisUrl} = config.queue;
  const queueName = queueNameOf(manifest, config.queue.name);
  const BullmqQueue = redisUrl ? (await loadFor('REDIS_URL', () => import('./queue/bullmq-queue.js'))).BullmqQueue : undefined;
  const exporter = await createExporter({
    siteDir,
    loadManifests,
    store,
    // A browser service in another container reaches the site at another address than this process does.
    siteOrigin: config.browserService?.siteUrl ?? siteOrigin,
    browserWsEndpoint: config.browserService?.wsEndpoint,
    servesBuild: !dev,
    siteProbe,
    engine: config.engine,
    native: config,
    timeoutMs: config.exportTimeoutMs,
    queueLimit: config.queueLimit,
    log,
    // With REDIS_URL this server only enqueues: `docusaurus-export-pdf worker` processes run the exports.
    queue:
      BullmqQueue && redisUrl
        ? () =>
            new BullmqQueue({
              redisUrl,
              queueName,
              queueLimit: config.queueLimit,
              retryAfterSeconds: Math.ceil(config.exportTimeoutMs / 1000),
              maxWaitMs: (config.queueLimit + 1) * config.exportTimeoutMs,
              log,
            })
        : undefined,
  });

  const fonts = await checkMachine(log);

  const servers: Server[] = [];
  // WebSockets (the dev server's hot reload) leave the HTTP server once upgraded: closeAllConnections misses them.
  const upgraded = new Set<Socket>();
  let baseUrlRefresh: NodeJS.Timeout | undefined;
  try {
    if (dev) {
      let baseUrl = manifest.baseUrl;
      const {app, proxy} = createDevSiteApp({
        devServerOrigin: dev.origin,
        baseUrl: () => baseUrl,
        store,
        apiPort: config.apiPort,
      });
      const siteServer = await listen(app, config.sitePort, config.host, 'site');
      siteServer.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
        upgraded.add(socket);
        socket.once('close', () => upgraded.delete(socket));
        proxy.upgrade(req, socket, head);
      });
      servers.push(siteServer);
      // baseUrl can change while the dev server reloads its config.
      baseUrlRefresh = setInterval(() => {
        loadManifests().then(
          (fresh) => (baseUrl = defaultLocaleManifest(fresh).baseUrl),
          () => undefined,
        );
      }, 2000).unref();
    } else {
      const site = createStaticSiteApp(manifest, {store, apiPort: config.apiPort});
      servers.push(await listen(site, config.sitePort, config.host, 'site'));
    }
    const api = createApp(config, {
      exporter: {
        export: (...request) => exporter.export(...request),
        status: exporter.status,
        // Exports run in workers: this server keeps no browser, and reports the queue instead.
        ...(redisUrl ? {queueState: () => exporter.queueState()} : {browserState: () => exporter.browserState()}),
      },
      siteProbe,
      store,
      fonts,
    });
    if (config.apiToken) log('API token required for /export-pdf and /pdf-files');
    if (config.rateLimit) log(`Rate limit: ${config.rateLimit} exports per client per ${config.rateWindowMs / 1000} s`);
    const apiServer = await listen(api, config.apiPort, config.host, 'API');
    answerClientErrorsAsJson(apiServer);
    servers.push(apiServer);
  } catch (error) {
    clearInterval(baseUrlRefresh);
    servers.forEach((server) => server.closeAllConnections());
    await Promise.all(servers.map(closeServer));
    throw error;
  }

  const shownHost = ['127.0.0.1', '0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  log(`Site: http://${shownHost}:${config.sitePort}${manifest.baseUrl} (${dev ? 'docusaurus start' : `the build in ${manifest.outDir}`})`);
  log(`API:  http://${shownHost}:${config.apiPort} (GET /health, /export-pdf, /pdf-files)`);
  log(`PDFs: ${store.where}`);
  // Before anything here awaits: from the first request /health answers, the browser is starting.
  if (!redisUrl) void exporter.warm(config.trial);
  if ((await store.check()) === 'unreachable') log(`warning: the book store ${store.where} does not answer; /health says so`);
  if (redisUrl) log(`Exports: enqueued in ${queueName} on Redis; \`docusaurus-export-pdf worker\` processes run them`);

  return {
    config,
    close: async () => {
      clearInterval(baseUrlRefresh);
      try {
        // The API takes no new request from now on; the site keeps serving the
        // running export's browser until that export has ended.
        const [siteServer, ...apiServers] = servers;
        const apiClosed = Promise.all(apiServers.map(closeServer));
        await exporter.close(config.shutdownGraceMs);
        const closed = Promise.all([apiClosed, closeServer(siteServer!)]);
        // The running export has answered by now; whatever is still open is a client
        // that does not read, and must not hold the exit.
        await new Promise((resolve) => setTimeout(resolve, 250));
        servers.forEach((server) => server.closeAllConnections());
        upgraded.forEach((socket) => socket.destroy());
        await closed;
      } finally {
        // Whatever happened above, the dev server this entry started never outlives it.
        if (dev) await stopDevServer(dev.process);
      }
    },
  };
}

/** Puts the books made at build time in the store; a bucket that does not answer now gets them at a later start. */
async function seedStore(store: BookStore, loadManifests: () => Promise<Map<string, SiteManifest>>): Promise<void> {
  try {
    const seeded = await seedDocuments((await loadManifests()).values(), store);
    if (seeded > 0) log(`PDFs made at build time copied into ${store.where}: ${seeded}`);
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error;
    log(`warning: the PDFs made at build time are not in the book store: ${error.detail}`);
  }
}
