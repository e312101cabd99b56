import assert from 'node:assert/strict';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {chromium, type Browser, type BrowserContext, type Page} from 'playwright-core';
import {findChromium, sandboxArgs} from '../../server/chromium';
import {startServerEntry, type RunningEntry} from '../helpers/server-process';
import {SCREENSHOTS} from '../helpers/site-in-browser';

const EXPORT_TIMEOUT = 240_000;
const TOKEN = 'e2e-browser-token-0123456789abcdef';

describe('Export PDF button with an API token', {timeout: 400_000}, () => {
  let server: RunningEntry;
  let browser: Browser;
  // One context for both cases: the second relies on the token the first stored.
  let context: BrowserContext;
  let page: Page;

  const storedToken = () => page.evaluate((key) => window.localStorage.getItem(key), `docusaurus-plugin-export-pdf:token:${server.apiUrl}`);
  const exportButton = () => page.locator('.navbar').getByRole('button', {name: 'Export PDF'});
  const busyButton = () => page.locator('.navbar').getByRole('button', {name: /^Exporting PDF… \d+%$/});
  const tokenForm = () => page.getByTestId('export-pdf-token-form');

  async function submitToken(token: string): Promise<void> {
    await tokenForm().getByLabel('API token').fill(token);
    await tokenForm().getByRole('button', {name: 'Export', exact: true}).click();
  }

  before(async () => {
    // A grace of 0 lets `stop` abort the export the second case leaves running.
    server = await startServerEntry('serve', {env: {API_TOKEN: TOKEN, SHUTDOWN_GRACE_MS: '0'}});
    browser = await chromium.launch({executablePath: findChromium(), args: sandboxArgs()});
    context = await browser.newContext({acceptDownloads: true, viewport: {width: 1280, height: 800}});
    page = await context.newPage();
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('asks for the token, rejects a wrong one, then exports with the right one and keeps it', {timeout: 300_000}, async () => {
    await page.goto(`${server.siteUrl}/docs/intro`);
    await exportButton().click();
    await tokenForm().waitFor({timeout: 30_000});
    assert.match((await tokenForm().textContent()) ?? '', /Authentication required/);
    await page.screenshot({path: path.join(SCREENSHOTS, 'navbar-token-form.png')});

    await submitToken('not-the-right-token-at-all');
    await tokenForm().filter({hasText: 'Invalid API token'}).waitFor({timeout: 30_000});
    assert.equal(await storedToken(), null, 'a rejected token is not kept');

    await submitToken(TOKEN);
    await busyButton().waitFor();
    await page.getByTestId('export-pdf-download').waitFor({timeout: EXPORT_TIMEOUT});
    assert.equal(await storedToken(), TOKEN);
  });

  it('uses the kept token after a reload without asking again', async () => {
    await page.reload();
    assert.equal(await page.getByTestId('export-pdf-download').count(), 0, "the first export's notice is gone");
    const request = page.waitForRequest(
      (candidate) => candidate.method() === 'GET' && new URL(candidate.url()).href.startsWith(`${server.apiUrl}/export-pdf?`),
    );
    const progress = page.waitForRequest((candidate) => candidate.url().startsWith(`${server.apiUrl}/export-events?id=`));
    await exportButton().click();
    // headers(), not allHeaders(): the latter waits for the response, i.e. the whole export.
    assert.equal((await request).headers().authorization, `Bearer ${TOKEN}`);
    assert.equal((await progress).headers().authorization, `Bearer ${TOKEN}`, 'the progress stream carries the token too');
    // Nothing changed since the first export, so the print cache serves the book at once: the
    // export ends with its download, where a 401 would have brought the form back.
    await page.getByTestId('export-pdf-download').waitFor({timeout: EXPORT_TIMEOUT});
    assert.equal(await tokenForm().count(), 0);
  });
});
