import puppeteer from 'puppeteer-core';
import type {HeldBrowser} from './held-browser';

/**
 * A browser service's Chromium (BROWSER_WS_ENDPOINT), reached over its DevTools WebSocket. The
 * service may serve other clients, so this server works in a browser context of its own: the
 * deadline closes that context, which ends every tab and print of this server's exports there,
 * and leaves the service's Chromium and its other clients alone.
 */
export async function connectBrowser(endpoint: string, protocolTimeout: number, log: (line: string) => void): Promise<HeldBrowser> {
  const started = Date.now();
  let connection;
  try {
    connection = await puppeteer.connect({browserWSEndpoint: endpoint, protocolTimeout, defaultViewport: null});
  } catch (error) {
    throw new Error(`the browser service at BROWSER_WS_ENDPOINT (${endpoint}) does not answer: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const context = await connection.createBrowserContext();
  log(`connected to the browser service at ${endpoint} (${await connection.version()}) in ${Date.now() - started} ms`);
  let stopped = false;
  return {
    tabs: {newPage: () => context.newPage(), version: () => connection.version()},
    alive: () => connection.connected && !stopped,
    stop: () => {
      stopped = true;
      void context.close().catch(() => undefined);
    },
    close: async () => {
      stopped = true;
      await context.close().catch(() => undefined);
      await connection.disconnect().catch(() => undefined);
    },
  };
}
