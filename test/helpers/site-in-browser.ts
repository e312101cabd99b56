import path from 'node:path';
import {after, before} from 'node:test';
import {chromium, type Browser} from 'playwright-core';
import {findChromium, sandboxArgs} from '../../server/chromium';
import {startServerEntry, type RunningEntry} from './server-process';

/** Where the browser tests leave their screenshots (gitignored; the README's and the manual's come from here). */
export const SCREENSHOTS = path.join(__dirname, '..', '..', '.test-output');

/**
 * The example site served by the real server entry, and a Chromium driven by
 * playwright-core, for the describe block this is called in: started before
 * its tests, stopped after them.
 */
export function siteInBrowser(): {readonly server: RunningEntry; readonly browser: Browser} {
  let server: RunningEntry | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServerEntry('serve');
    browser = await chromium.launch({executablePath: findChromium(), args: sandboxArgs()});
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
  };
}
