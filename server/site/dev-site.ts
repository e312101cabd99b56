import {createRequire} from 'node:module';
import type {ChildProcess} from 'node:child_process';
import {spawn} from 'node:child_process';
import express, {type Express} from 'express';
import {createProxyMiddleware, type RequestHandler as ProxyHandler} from 'http-proxy-middleware';
import {RUNTIME_CONFIG_FILE} from '../../contracts/client-data';
import {errorMiddleware} from '../error-middleware';
import type {BookStore} from '../store/book-store';
import {documentsRoute} from './documents-route';
import {runtimeConfigRoute} from './runtime-config-route';

/** Starts `docusaurus start` of the site on an internal port, without opening a browser. */
export function spawnDevServer(siteDir: string, port: number): ChildProcess {
  const bin = createRequire(`${siteDir}/`).resolve('@docusaurus/core/bin/docusaurus.mjs');
  return spawn(
    process.execPath,
    [bin, 'start', siteDir, '--port', String(port), '--host', '127.0.0.1', '--no-open'],
    // NODE_ENV configures the API (`stack` in error bodies); the dev server breaks
    // under "production", so it always gets "development".
    {stdio: 'inherit', env: {...process.env, NODE_ENV: 'development', BROWSER: 'none'}, detached: true},
  );
}

/**
 * The dev server behind a proxy on the public site port, so that the books of
 * the store are reachable at the site root in dev mode too. Hot reload's
 * websocket goes through `proxy.upgrade`.
 */
export function createDevSiteApp(options: {
  devServerOrigin: string;
  baseUrl: () => string;
  store: Pick<BookStore, 'serve'>;
  apiPort: number;
}): {
  app: Express;
  proxy: ProxyHandler;
} {
  const app = express();
  app.disable('x-powered-by');
  const runtimeConfig = runtimeConfigRoute(options.apiPort);
  const documents = documentsRoute(options.store);
  app.use((req, res, next) => {
    const baseUrl = options.baseUrl();
    if (req.path === baseUrl + RUNTIME_CONFIG_FILE) return runtimeConfig(req, res, next);
    if (!req.path.startsWith(baseUrl)) return next();
    const original = req.url;
    req.url = req.url.slice(baseUrl.length - 1);
    documents(req, res, (error?: unknown) => {
      req.url = original;
      next(error);
    });
  });
  const proxy = createProxyMiddleware({
    target: options.devServerOrigin,
    ws: true,
    xfwd: true,
    // http-proxy leaves the browser's response open when the dev server dies mid-answer: a capture
    // tab would wait out its page timeout for the rest. Closing it lets the tab see the site gone.
    on: {proxyRes: (proxyRes, _req, res) => proxyRes.once('close', () => proxyRes.complete || res.destroy())},
  });
  app.use(proxy);
  app.use(errorMiddleware({exposeStack: false}));
  return {app, proxy};
}
