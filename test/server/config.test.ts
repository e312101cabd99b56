import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, it} from 'node:test';
import {ConfigError, internalSiteOrigin, loadConfig} from '../../server/config';

const defaults = {documentsDir: '/site/pdfs', exportTimeoutMs: 180_000};

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    assert.deepEqual(loadConfig({}, defaults), {
      apiPort: 3001,
      sitePort: 3000,
      host: '127.0.0.1',
      documentsDir: '/site/pdfs',
      nodeEnv: 'production',
      exportTimeoutMs: 180_000,
      queueLimit: 10,
      apiToken: undefined,
      rateLimit: 0,
      rateWindowMs: 600_000,
      shutdownGraceMs: 10_000,
      engine: undefined,
      tagged: true,
      trial: true,
      renderConcurrency: undefined,
      printCache: {dir: undefined, maxBytes: 1024 * 1024 * 1024},
      eventStreams: {max: 1000, perClient: 20},
      chromiumNoSandbox: false,
      store: {downloads: 'stream', forcePathStyle: false},
      queue: {redisUrl: undefined, name: undefined, workerConcurrency: 1, lockMs: 30_000},
    });
  });

  it('reads the protection settings, which are off by default', () => {
    const config = loadConfig(
      {API_TOKEN: ' 0123456789abcdef ', EXPORT_RATE_LIMIT: '5', EXPORT_RATE_WINDOW_MS: '60000', SHUTDOWN_GRACE_MS: '0'},
      defaults,
    );
    assert.equal(config.apiToken, '0123456789abcdef');
    assert.equal(config.rateLimit, 5);
    assert.equal(config.rateWindowMs, 60_000);
    assert.equal(config.shutdownGraceMs, 0);
    assert.throws(() => loadConfig({API_TOKEN: 'short'}, defaults), /API_TOKEN must be at least 16 characters/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        API_PORT: '4001',
        DOCSITE_PORT: '4000',
        DOCS_PATH: '/app/docs',
        HOST: '0.0.0.0',
        NODE_ENV: 'development',
        EXPORT_TIMEOUT_MS: '600000',
        EXPORT_QUEUE_LIMIT: '0',
      },
      defaults,
    );
    assert.equal(config.apiPort, 4001);
    assert.equal(config.sitePort, 4000);
    assert.equal(config.documentsDir, '/app/docs');
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.nodeEnv, 'development');
    assert.equal(config.exportTimeoutMs, 600_000);
    assert.equal(config.queueLimit, 0);
  });

  it('runs the trial export at start unless EXPORT_TRIAL says no', () => {
    assert.equal(loadConfig({}, defaults).trial, true);
    assert.equal(loadConfig({EXPORT_TRIAL: 'no'}, defaults).trial, false);
    assert.throws(() => loadConfig({EXPORT_TRIAL: 'later'}, defaults), /EXPORT_TRIAL/);
  });

  it('prints untagged books only when EXPORT_TAGGED says so', () => {
    assert.equal(loadConfig({EXPORT_TAGGED: 'false'}, defaults).tagged, false);
    assert.equal(loadConfig({EXPORT_TAGGED: 'yes'}, defaults).tagged, true);
    assert.throws(() => loadConfig({EXPORT_TAGGED: 'maybe'}, defaults), /EXPORT_TAGGED/);
  });

  it('reads the render concurrency and the print cache, 0 MB meaning no cache', () => {
    const config = loadConfig({RENDER_CONCURRENCY: '3', PRINT_CACHE_DIR: 'cache', PRINT_CACHE_MAX_MB: '0'}, defaults);
    assert.equal(config.renderConcurrency, 3);
    assert.deepEqual(config.printCache, {dir: path.resolve('cache'), maxBytes: 0});
    assert.throws(() => loadConfig({RENDER_CONCURRENCY: '0'}, defaults), /RENDER_CONCURRENCY must be a whole number from 1 to 64, got "0"/);
    assert.throws(() => loadConfig({PRINT_CACHE_MAX_MB: '-1'}, defaults), /PRINT_CACHE_MAX_MB/);
  });

  it('takes DOCS_DIR as an alias of DOCS_PATH and resolves it against the working directory', () => {
    assert.equal(loadConfig({DOCS_DIR: './docs-out'}, defaults).documentsDir, path.resolve('docs-out'));
    assert.equal(loadConfig({DOCS_PATH: '/x', DOCS_DIR: '/x'}, defaults).documentsDir, '/x');
  });

  it('names every problem at once', () => {
    assert.throws(
      () => loadConfig({API_PORT: 'abc', DOCSITE_PORT: '70000', EXPORT_TIMEOUT_MS: '-1', DOCS_PATH: '/a', DOCS_DIR: '/b'}, defaults),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 4);
        assert.match(error.message, /API_PORT must be a whole number from 1 to 65535, got "abc"/);
        assert.match(error.message, /DOCSITE_PORT/);
        assert.match(error.message, /EXPORT_TIMEOUT_MS/);
        assert.match(error.message, /DOCS_PATH .* DOCS_DIR/);
        return true;
      },
    );
  });

  it('forces an engine with EXPORT_ENGINE, and names the engines when the value is unknown', () => {
    assert.equal(loadConfig({EXPORT_ENGINE: 'docs-to-pdf'}, defaults).engine, 'docs-to-pdf');
    assert.equal(loadConfig({EXPORT_ENGINE: ' native '}, defaults).engine, 'native');
    assert.throws(
      () => loadConfig({EXPORT_ENGINE: 'wkhtmltopdf'}, defaults),
      /EXPORT_ENGINE must be one of native, docs-to-pdf, got "wkhtmltopdf"/,
    );
  });

  it('reads CHROMIUM_NO_SANDBOX as yes or no, and refuses anything else', () => {
    assert.equal(loadConfig({CHROMIUM_NO_SANDBOX: '1'}, defaults).chromiumNoSandbox, true);
    assert.equal(loadConfig({CHROMIUM_NO_SANDBOX: ' True '}, defaults).chromiumNoSandbox, true);
    assert.equal(loadConfig({CHROMIUM_NO_SANDBOX: 'no'}, defaults).chromiumNoSandbox, false);
    assert.equal(loadConfig({CHROMIUM_NO_SANDBOX: ''}, defaults).chromiumNoSandbox, false);
    assert.throws(
      () => loadConfig({CHROMIUM_NO_SANDBOX: 'sometimes'}, defaults),
      /CHROMIUM_NO_SANDBOX must be 1, true, yes, 0, false or no, got "sometimes"/,
    );
  });

  it('reads a browser service and the site URL it reaches, and refuses what is not a URL of theirs', () => {
    assert.equal(loadConfig({}, defaults).browserService, undefined);
    assert.deepEqual(loadConfig({BROWSER_WS_ENDPOINT: 'ws://browser:9222/devtools/browser/abc'}, defaults).browserService, {
      wsEndpoint: 'ws://browser:9222/devtools/browser/abc',
    });
    assert.deepEqual(
      loadConfig({BROWSER_WS_ENDPOINT: 'wss://browser.example/x', BROWSER_SITE_URL: 'http://api-1:3000/'}, defaults).browserService,
      {wsEndpoint: 'wss://browser.example/x', siteUrl: 'http://api-1:3000'},
    );
    assert.throws(
      () => loadConfig({BROWSER_WS_ENDPOINT: 'http://browser:9222'}, defaults),
      /BROWSER_WS_ENDPOINT must be a ws:\/\/ or wss:\/\/ URL, got "http:\/\/browser:9222"/,
    );
    assert.throws(
      () => loadConfig({BROWSER_WS_ENDPOINT: 'ws://b/x', BROWSER_SITE_URL: 'api-1:3000'}, defaults),
      /BROWSER_SITE_URL must be/,
    );
    assert.throws(() => loadConfig({BROWSER_SITE_URL: 'http://api-1:3000'}, defaults), /set BROWSER_WS_ENDPOINT too/);
  });

  it('keeps books in the bucket and under the prefix STORE_URL names, with its download and addressing settings', () => {
    assert.deepEqual(loadConfig({STORE_URL: 's3://books'}, defaults).store, {
      s3: {bucket: 'books', prefix: ''},
      downloads: 'stream',
      forcePathStyle: false,
    });
    assert.deepEqual(
      loadConfig({STORE_URL: ' s3://docs.example-1/site/pdfs/ ', STORE_DOWNLOADS: 'presigned', STORE_FORCE_PATH_STYLE: 'yes'}, defaults)
        .store,
      {s3: {bucket: 'docs.example-1', prefix: 'site/pdfs/'}, downloads: 'presigned', forcePathStyle: true},
    );
  });

  it('refuses a STORE_URL that names no S3 bucket, saying what is wrong with it', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env, defaults);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return assert.fail(`${JSON.stringify(env)} was accepted`);
    };
    assert.deepEqual(problems({STORE_URL: '/srv/pdfs'}), [
      'STORE_URL must be s3://bucket or s3://bucket/prefix (unset: the documents directory), got "/srv/pdfs"',
    ]);
    assert.match(problems({STORE_URL: 'https://s3.amazonaws.com/books'})[0]!, /STORE_URL must be s3:\/\/bucket/);
    assert.match(problems({STORE_URL: 's3://Books'})[0]!, /STORE_URL names the bucket "Books": a bucket name is 3 to 63 lowercase/);
    assert.match(problems({STORE_URL: 's3://books/a//b'})[0]!, /STORE_URL has the prefix "a\/\/b"/);
    assert.match(problems({STORE_URL: 's3://books/../b'})[0]!, /STORE_URL has the prefix/);
    assert.match(problems({STORE_DOWNLOADS: 'redirect'})[0]!, /STORE_DOWNLOADS must be one of \[stream, presigned\]/);
    assert.match(problems({STORE_DOWNLOADS: 'presigned'})[0]!, /STORE_DOWNLOADS=presigned needs a STORE_URL/);
    assert.match(problems({STORE_FORCE_PATH_STYLE: 'maybe'})[0]!, /STORE_FORCE_PATH_STYLE must be 1, true, yes/);
  });

  it('refuses the same port for the API and the site', () => {
    assert.throws(() => loadConfig({API_PORT: '3000'}, defaults), /must differ/);
    assert.throws(
      () => loadConfig({DOCSITE_PORT: '4190'}, defaults),
      /DOCSITE_PORT 4190 is a port browsers refuse to connect to/,
      'Chromium and fetch refuse the Fetch standard’s bad ports: the site would seem down',
    );
    assert.throws(() => loadConfig({API_PORT: '6000'}, defaults), /API_PORT 6000 is a port browsers refuse/);
  });
});

describe('internalSiteOrigin', () => {
  it('reaches a wildcard listener over loopback', () => {
    assert.equal(internalSiteOrigin({host: '0.0.0.0', sitePort: 3000}), 'http://127.0.0.1:3000');
    assert.equal(internalSiteOrigin({host: '::', sitePort: 3000}), 'http://127.0.0.1:3000');
  });

  it('brackets IPv6 hosts', () => {
    assert.equal(internalSiteOrigin({host: '::1', sitePort: 80}), 'http://[::1]:80');
  });
});
