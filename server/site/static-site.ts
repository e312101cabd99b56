import express, {type Express} from 'express';
import serveHandler from 'serve-handler';
import {RUNTIME_CONFIG_FILE} from '../../contracts/client-data';
import {PLUGIN_NAME, type SiteManifest} from '../../contracts/manifest';
import {errorMiddleware} from '../error-middleware';
import type {BookStore} from '../store/book-store';
import {documentsRoute} from './documents-route';
import {runtimeConfigRoute} from './runtime-config-route';

/** A path segment as the file system sees it; a malformed escape is left for serve-handler to refuse. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Where a page's address with or without its trailing slash should go, under `baseUrl`; undefined
 * when it is right as it is. serve-handler makes this redirect itself, but from the address with
 * the baseUrl taken off, so its Location leaves the baseUrl out, and the browser, sent outside the
 * site, lands on its home page. Docusaurus 3.3's own serve command redirects first for that
 * reason; an address whose last segment has an extension is a file and is left to serve-handler.
 */
function trailingSlashRedirect(url: string, baseUrl: string, trailingSlash: boolean | undefined): string | undefined {
  if (trailingSlash === undefined || baseUrl === '/') return undefined;
  const [pathname = '', query] = url.split(/(?=\?)/, 2);
  if (pathname === baseUrl || /\.[a-z0-9]{1,5}$/i.test(pathname)) return undefined;
  const slashed = pathname.endsWith('/');
  if (slashed === trailingSlash) return undefined;
  return (trailingSlash ? `${pathname}/` : pathname.replace(/\/+$/, '')) + (query ?? '');
}

/**
 * The built site as `docusaurus serve` serves it (same baseUrl redirect and
 * serve-handler settings), with the books of the store at the site root.
 */
export function createStaticSiteApp(
  manifest: Pick<SiteManifest, 'outDir' | 'baseUrl' | 'trailingSlash'>,
  options: {store: Pick<BookStore, 'serve'>; apiPort: number},
): Express {
  const {baseUrl, outDir, trailingSlash} = manifest;
  const app = express();
  app.disable('x-powered-by');
  app.get(baseUrl + RUNTIME_CONFIG_FILE, runtimeConfigRoute(options.apiPort));
  app.use(baseUrl, documentsRoute(options.store));
  app.use((req, res) => {
    if (!req.url.startsWith(baseUrl)) {
      res.redirect(302, baseUrl);
      return;
    }
    const redirect = trailingSlashRedirect(req.url, baseUrl, trailingSlash);
    if (redirect) {
      res.redirect(301, redirect);
      return;
    }
    req.url = req.url.replace(baseUrl, '/');
    // The build's manifest (contracts/manifest.ts) is the server's, not the site's readers'.
    if (req.path.split('/').some((segment) => decoded(segment) === `.${PLUGIN_NAME}`)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    void serveHandler(req, res, {
      cleanUrls: true,
      public: outDir,
      trailingSlash,
      directoryListing: false,
    });
  });
  app.use(errorMiddleware({exposeStack: false}));
  return app;
}
