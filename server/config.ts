import path from 'node:path';
import type {ExportEngineName} from '../contracts/options';
import {NotReady} from './errors';
import {readSettings, type SettingDefaults} from './settings';
import type {S3Location} from './store/store-url';

/** Everything the server entry reads from the environment (server/settings.ts), validated once at start-up. */
export type ServerConfig = {
  /** Port of the API (API_PORT). */
  apiPort: number;
  /** Port of the site (DOCSITE_PORT). */
  sitePort: number;
  /** Interface both servers listen on (HOST). */
  host: string;
  /** Absolute documents directory (DOCS_PATH, alias DOCS_DIR, else the caller's default). */
  documentsDir: string;
  /** NODE_ENV; `stack` appears in error responses only when it is `development`. */
  nodeEnv: string;
  /** Deadline of one export in ms (EXPORT_TIMEOUT_MS, else the plugin option). */
  exportTimeoutMs: number;
  /** Exports allowed to wait behind the running one (EXPORT_QUEUE_LIMIT). */
  queueLimit: number;
  /** Bearer token `/export-pdf` and `/pdf-files` require (API_TOKEN); unset: open. */
  apiToken?: string;
  /** Exports one client may start per window (EXPORT_RATE_LIMIT); 0: no limit. */
  rateLimit: number;
  /** Length of the rate-limit window in ms (EXPORT_RATE_WINDOW_MS). */
  rateWindowMs: number;
  /** How long a shutdown waits for a running export before aborting it (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Engine every export uses whatever the plugin options say (EXPORT_ENGINE); unset: the site's choice. */
  engine?: ExportEngineName;
  /** Books carry a structure tree (EXPORT_TAGGED); false: untagged, as a benchmark baseline or to save size. */
  tagged: boolean;
  /** A trial export warms the engine at start (EXPORT_TRIAL); false: only its browser starts. */
  trial: boolean;
  /** Book parts printed at once (RENDER_CONCURRENCY); unset: from the CPU cores and free memory at each export. */
  renderConcurrency?: number;
  /** Printed parts and books kept between exports (PRINT_CACHE_DIR, PRINT_CACHE_MAX_MB); maxBytes 0: none kept. */
  printCache: {dir?: string; maxBytes: number};
  /** Open event streams allowed in all (EVENT_STREAMS_MAX) and per client (EVENT_STREAMS_PER_CLIENT). */
  eventStreams: {max: number; perClient: number};
  /** Chromium runs without its sandbox even as a non-root user (CHROMIUM_NO_SANDBOX); as root it always does. */
  chromiumNoSandbox: boolean;
  /** A browser service the server's exports use instead of launching Chromium (BROWSER_WS_ENDPOINT), and the site's URL as it reaches it (BROWSER_SITE_URL). */
  browserService?: {wsEndpoint: string; siteUrl?: string};
  /** Where the server keeps books: the bucket and prefix of STORE_URL, else the documents directory (`s3` unset). */
  store: {
    s3?: S3Location;
    /** How the site serves a book of the bucket (STORE_DOWNLOADS): streamed through itself, or a redirect to a presigned URL. */
    downloads: 'stream' | 'presigned';
    /** Path-style bucket addressing (STORE_FORCE_PATH_STYLE), as MinIO and s3rver want. */
    forcePathStyle: boolean;
  };
  /** The BullMQ job queue (REDIS_URL, QUEUE_NAME, WORKER_CONCURRENCY, QUEUE_LOCK_MS); unset URL: exports run in the server. */
  queue: {redisUrl?: string; name?: string; workerConcurrency: number; lockMs: number};
};

export type ConfigDefaults = SettingDefaults;

export class ConfigError extends NotReady {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`, {detail: problems.join('; ')});
    this.problems = problems;
  }
}

/** Pure: the same environment always gives the same config or the same problems. */
export function loadConfig(env: NodeJS.ProcessEnv, defaults: ConfigDefaults): ServerConfig {
  const {values, problems} = readSettings(env, defaults);
  const apiPort = values.API_PORT as number;
  const sitePort = values.DOCSITE_PORT as number;
  if (apiPort === sitePort) {
    problems.push(`API_PORT and DOCSITE_PORT must differ, both are ${apiPort}`);
  }
  const docsPath = values.DOCS_PATH as string | undefined;
  const docsDir = values.DOCS_DIR as string | undefined;
  if (docsPath && docsDir && docsPath !== docsDir) {
    problems.push(`DOCS_PATH ("${env.DOCS_PATH}") and DOCS_DIR ("${env.DOCS_DIR}") name the same directory; set one of them`);
  }
  const wsEndpoint = values.BROWSER_WS_ENDPOINT as string | undefined;
  const browserSiteUrl = values.BROWSER_SITE_URL as string | undefined;
  if (browserSiteUrl && !wsEndpoint) {
    problems.push('BROWSER_SITE_URL is the site as a browser service reaches it: set BROWSER_WS_ENDPOINT too, or unset it');
  }
  const s3 = values.STORE_URL as S3Location | undefined;
  if (values.STORE_DOWNLOADS === 'presigned' && !s3) {
    problems.push('STORE_DOWNLOADS=presigned needs a STORE_URL of S3-compatible storage: the documents directory has no URLs to sign');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    apiPort,
    sitePort,
    host: values.HOST as string,
    documentsDir: path.resolve(docsPath || docsDir || defaults.documentsDir),
    nodeEnv: values.NODE_ENV as string,
    exportTimeoutMs: values.EXPORT_TIMEOUT_MS as number,
    queueLimit: values.EXPORT_QUEUE_LIMIT as number,
    apiToken: values.API_TOKEN as string | undefined,
    rateLimit: values.EXPORT_RATE_LIMIT as number,
    rateWindowMs: values.EXPORT_RATE_WINDOW_MS as number,
    shutdownGraceMs: values.SHUTDOWN_GRACE_MS as number,
    engine: values.EXPORT_ENGINE as ExportEngineName | undefined,
    tagged: values.EXPORT_TAGGED as boolean,
    trial: values.EXPORT_TRIAL as boolean,
    renderConcurrency: values.RENDER_CONCURRENCY as number | undefined,
    printCache: {
      dir: typeof values.PRINT_CACHE_DIR === 'string' ? path.resolve(values.PRINT_CACHE_DIR) : undefined,
      maxBytes: (values.PRINT_CACHE_MAX_MB as number) * 1024 * 1024,
    },
    eventStreams: {max: values.EVENT_STREAMS_MAX as number, perClient: values.EVENT_STREAMS_PER_CLIENT as number},
    chromiumNoSandbox: values.CHROMIUM_NO_SANDBOX === true,
    ...(wsEndpoint && {browserService: {wsEndpoint, ...(browserSiteUrl && {siteUrl: browserSiteUrl})}}),
    store: {
      ...(s3 && {s3}),
      downloads: values.STORE_DOWNLOADS as 'stream' | 'presigned',
      forcePathStyle: values.STORE_FORCE_PATH_STYLE === true,
    },
    queue: {
      redisUrl: values.REDIS_URL as string | undefined,
      name: values.QUEUE_NAME as string | undefined,
      workerConcurrency: values.WORKER_CONCURRENCY as number,
      lockMs: values.QUEUE_LOCK_MS as number,
    },
  };
}

/** Address the server's own clients (health probe, engine) use to reach the site. */
export function internalSiteOrigin(config: Pick<ServerConfig, 'host' | 'sitePort'>): string {
  const wildcard = ['0.0.0.0', '::', '[::]', ''].includes(config.host);
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.sitePort}`;
}
