import {Joi} from '@docusaurus/utils-validation';
import {ENGINE_NAMES} from '../contracts/options';
import {parseStoreUrl} from './store/store-url';
import {port, text, url, wholeNumber, yesNo} from './setting-schemas';

/** Defaults that come from the site rather than from this file. */
export type SettingDefaults = {
  documentsDir: string;
  exportTimeoutMs: number;
};

/** One environment variable the server entry and the `export-pdf` command read. */
export type Setting = {
  name: string;
  /** Another name for the same setting; setting both to different values is an error. */
  alias?: string;
  /** The default as the usage text says it. */
  shown: string;
  /** What it does, in a few words, for the usage text. */
  summary: string;
  /** Checks the raw text and converts it; undefined when unset or blank. */
  schema: (defaults?: SettingDefaults) => Joi.Schema;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The one declaration of the environment settings: config, usage text and the manual's table (docs/configuration.md) follow it. */
export const SETTINGS: readonly Setting[] = [
  {name: 'API_PORT', shown: '3001', summary: 'port of the API', schema: () => port(3001)},
  {name: 'DOCSITE_PORT', shown: '3000', summary: 'port of the site', schema: () => port(3000)},
  {
    name: 'DOCS_PATH',
    alias: 'DOCS_DIR',
    shown: '<siteDir>/pdfs',
    summary: 'documents directory: PDFs are written there and served at the site root',
    schema: () => text(),
  },
  {name: 'HOST', shown: '127.0.0.1', summary: 'interface both servers listen on', schema: () => text('127.0.0.1')},
  {name: 'NODE_ENV', shown: 'production', summary: '`development` adds `stack` to error bodies', schema: () => text('production')},
  {
    name: 'EXPORT_TIMEOUT_MS',
    shown: '180000',
    summary: 'deadline of one export',
    schema: (defaults) => wholeNumber(1000, DAY_MS, defaults?.exportTimeoutMs),
  },
  {
    name: 'EXPORT_QUEUE_LIMIT',
    shown: '10',
    summary: 'exports that may wait behind the running one',
    schema: () => wholeNumber(0, 1000, 10),
  },
  {
    name: 'API_TOKEN',
    shown: 'unset',
    summary: 'bearer token /export-pdf and /pdf-files require (16+ characters)',
    schema: () =>
      text().custom((token: string, helpers) =>
        token.length < 16 ? helpers.message({custom: '{{#label}} must be at least 16 characters long'}) : token,
      ),
  },
  {
    name: 'EXPORT_RATE_LIMIT',
    shown: '0, off',
    summary: 'exports one client may start per window',
    schema: () => wholeNumber(0, 1_000_000, 0),
  },
  {
    name: 'EXPORT_RATE_WINDOW_MS',
    shown: '600000',
    summary: 'length of the rate-limit window',
    schema: () => wholeNumber(1000, DAY_MS, 600_000),
  },
  {
    name: 'SHUTDOWN_GRACE_MS',
    shown: '10000',
    summary: 'how long a running export may go on after SIGTERM',
    schema: () => wholeNumber(0, 60 * 60 * 1000, 10_000),
  },
  {
    name: 'EXPORT_ENGINE',
    shown: 'the engine option',
    summary: `forces ${ENGINE_NAMES.join(' or ')} for every export`,
    schema: () =>
      text().custom((engine: string, helpers) =>
        (ENGINE_NAMES as readonly string[]).includes(engine)
          ? engine
          : helpers.message({custom: `{{#label}} must be one of ${ENGINE_NAMES.join(', ')}, got "${engine}"`}),
      ),
  },
  {
    name: 'EXPORT_TAGGED',
    shown: 'true',
    summary: '0/false/no: books without a structure tree (not accessible; about 8 % smaller, 10-30 % faster)',
    schema: () => yesNo(true),
  },
  {
    name: 'EXPORT_TRIAL',
    shown: 'true',
    summary: '0/false/no: no trial export at start (the first export judges the kinds of page itself and is slower)',
    schema: () => yesNo(true),
  },
  {
    name: 'RENDER_CONCURRENCY',
    shown: 'CPU cores, fewer when memory is short',
    summary: 'book parts Chromium prints at once (native engine)',
    schema: () => wholeNumber(1, 64),
  },
  {
    name: 'PRINT_CACHE_DIR',
    shown: '<siteDir>/node_modules/.cache/docusaurus-plugin-export-pdf',
    summary: 'where printed parts and books are kept between exports, to print only what changed',
    schema: () => text(),
  },
  {
    name: 'PRINT_CACHE_MAX_MB',
    shown: '1024',
    summary: 'size cap of the print cache, least recently used first out; 0: no cache',
    schema: () => wholeNumber(0, 1_000_000, 1024),
  },
  {
    name: 'EVENT_STREAMS_MAX',
    shown: '1000',
    summary: 'open GET /export-events streams, in all',
    schema: () => wholeNumber(1, 100_000, 1000),
  },
  {
    name: 'EVENT_STREAMS_PER_CLIENT',
    shown: '20',
    summary: 'open GET /export-events streams of one client (IP address)',
    schema: () => wholeNumber(1, 100_000, 20),
  },
  {
    name: 'STORE_URL',
    shown: 'unset, the documents directory',
    summary:
      's3://bucket/prefix: books kept in S3-compatible storage, listed and served from there (AWS_* variables: docs/configuration.md)',
    schema: () =>
      text().custom((url: string, helpers) => {
        const location = parseStoreUrl(url);
        return typeof location === 'string' ? helpers.message({custom: `{{#label}} ${location}`}) : location;
      }),
  },
  {
    name: 'STORE_DOWNLOADS',
    shown: 'stream',
    summary: 'how the site serves a book of S3 storage: `stream` through itself, `presigned` as a redirect to the bucket',
    schema: () => text('stream').valid('stream', 'presigned'),
  },
  {
    name: 'STORE_FORCE_PATH_STYLE',
    shown: 'false',
    summary: '1/true/yes: bucket in the URL path, not the host name (MinIO, s3rver and most S3-compatible servers)',
    schema: () => yesNo(false),
  },
  {
    name: 'REDIS_URL',
    shown: 'unset (exports run in the server)',
    summary: 'redis:// URL of the BullMQ job queue: serve only enqueues, `worker` processes run the exports',
    schema: () =>
      text().custom((url: string, helpers) =>
        /^rediss?:\/\/[^\s]+$/.test(url) ? url : helpers.message({custom: `{{#label}} must be a redis:// or rediss:// URL, got "${url}"`}),
      ),
  },
  {
    name: 'QUEUE_NAME',
    shown: 'export-pdf-<site host and path>',
    summary: 'BullMQ queue of this site: sites sharing one Redis need different names',
    schema: () =>
      text().custom((name: string, helpers) =>
        /^[A-Za-z0-9._-]{1,100}$/.test(name)
          ? name
          : helpers.message({custom: `{{#label}} must be 1 to 100 letters, digits, ".", "_" or "-", got "${name}"`}),
      ),
  },
  {
    name: 'WORKER_CONCURRENCY',
    shown: '1',
    summary: 'exports one worker process runs at once (all in its one Chromium)',
    schema: () => wholeNumber(1, 16, 1),
  },
  {
    name: 'QUEUE_LOCK_MS',
    shown: '30000',
    summary: "how long a worker's job lock lasts unrenewed: a killed worker's job is retried after about this",
    schema: () => wholeNumber(1000, 10 * 60 * 1000, 30_000),
  },
  {name: 'PUPPETEER_EXECUTABLE_PATH', shown: 'system Chromium', summary: 'the browser exports use', schema: () => text()},
  {name: 'CHROME_PATH', shown: 'system Chromium', summary: 'the browser, when PUPPETEER_EXECUTABLE_PATH is unset', schema: () => text()},
  {
    name: 'CHROMIUM_NO_SANDBOX',
    shown: 'unset',
    summary: '1/true/yes: no Chromium sandbox for a non-root server',
    schema: () => yesNo(),
  },
  {
    name: 'BROWSER_WS_ENDPOINT',
    shown: 'unset',
    summary: "a browser service's DevTools WebSocket URL: exports use its Chromium instead of launching one",
    schema: () => url(['ws', 'wss']),
  },
  {
    name: 'BROWSER_SITE_URL',
    shown: 'http://127.0.0.1:DOCSITE_PORT',
    summary: 'the site as that browser service reaches it (e.g. http://api-1:3000 from another container)',
    schema: () => url(['http', 'https']),
  },
];

/** Every name the environment is read under, aliases included. */
export function settingNames(): string[] {
  return SETTINGS.flatMap((setting) => (setting.alias ? [setting.name, setting.alias] : [setting.name]));
}

/** The environment's settings, converted, with defaults; or the problems, one per bad variable. */
export function readSettings(env: NodeJS.ProcessEnv, defaults: SettingDefaults): {values: Record<string, unknown>; problems: string[]} {
  const schema = Joi.object(
    Object.fromEntries(
      SETTINGS.flatMap((setting) => {
        const entry = [setting.name, setting.schema(defaults)] as const;
        return setting.alias ? [entry, [setting.alias, setting.schema(defaults)] as const] : [entry];
      }),
    ),
  ).unknown(true);
  const {value, error} = schema.validate(env, {abortEarly: false, errors: {wrap: {label: false}}});
  return {values: value as Record<string, unknown>, problems: error?.details.map((detail) => detail.message) ?? []};
}

/** One setting read on its own, where it is used; undefined when unset, or invalid (the start-up check reports that). */
export function readSetting(name: string, env: NodeJS.ProcessEnv): unknown {
  const setting = SETTINGS.find((candidate) => candidate.name === name);
  if (!setting) throw new Error(`No setting ${name}`);
  const {value, error} = setting.schema().validate(env[name]);
  return error ? undefined : value;
}

/** The variables with their defaults and summaries, for `docusaurus-export-pdf --help`. */
export function settingsUsage(): string {
  const rows = SETTINGS.map((setting) => {
    const name = setting.alias ? `${setting.name} or ${setting.alias}` : setting.name;
    return `  ${name.padEnd(28)}${setting.summary} (default: ${setting.shown})`;
  });
  return `Environment:\n${rows.join('\n')}`;
}
