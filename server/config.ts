import path from 'node:path';
import {ENGINE_NAMES, type ExportEngineName} from '../contracts/options';
import {NO_SANDBOX_VARIABLE, parseNoSandbox} from './chromium';

/** Everything the server entry reads from the environment, validated once at start-up. */
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
  /** Chromium runs without its sandbox even as a non-root user (CHROMIUM_NO_SANDBOX); as root it always does. */
  chromiumNoSandbox: boolean;
};

export type ConfigDefaults = {
  documentsDir: string;
  exportTimeoutMs: number;
};

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function readInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  [min, max]: [number, number],
  problems: string[],
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    return fallback;
  }
  return value;
}

/** Pure: the same environment always gives the same config or the same problems. */
export function loadConfig(env: NodeJS.ProcessEnv, defaults: ConfigDefaults): ServerConfig {
  const problems: string[] = [];
  const apiPort = readInteger(env, 'API_PORT', 3001, [1, 65535], problems);
  const sitePort = readInteger(env, 'DOCSITE_PORT', 3000, [1, 65535], problems);
  const exportTimeoutMs = readInteger(
    env,
    'EXPORT_TIMEOUT_MS',
    defaults.exportTimeoutMs,
    [1000, 24 * 60 * 60 * 1000],
    problems,
  );
  const queueLimit = readInteger(env, 'EXPORT_QUEUE_LIMIT', 10, [0, 1000], problems);
  const rateLimit = readInteger(env, 'EXPORT_RATE_LIMIT', 0, [0, 1_000_000], problems);
  const rateWindowMs = readInteger(env, 'EXPORT_RATE_WINDOW_MS', 10 * 60 * 1000, [1000, 24 * 60 * 60 * 1000], problems);
  const shutdownGraceMs = readInteger(env, 'SHUTDOWN_GRACE_MS', 10_000, [0, 60 * 60 * 1000], problems);
  const apiToken = env.API_TOKEN?.trim() || undefined;
  if (apiToken !== undefined && apiToken.length < 16) {
    problems.push('API_TOKEN must be at least 16 characters long');
  }
  if (apiPort === sitePort) {
    problems.push(`API_PORT and DOCSITE_PORT must differ, both are ${apiPort}`);
  }
  const docsPath = env.DOCS_PATH?.trim() || env.DOCS_DIR?.trim();
  if (env.DOCS_PATH?.trim() && env.DOCS_DIR?.trim() && env.DOCS_PATH.trim() !== env.DOCS_DIR.trim()) {
    problems.push(
      `DOCS_PATH ("${env.DOCS_PATH}") and DOCS_DIR ("${env.DOCS_DIR}") name the same directory; set one of them`,
    );
  }
  const engine = env.EXPORT_ENGINE?.trim() || undefined;
  if (engine !== undefined && !(ENGINE_NAMES as readonly string[]).includes(engine)) {
    problems.push(`EXPORT_ENGINE must be one of ${ENGINE_NAMES.join(', ')}, got "${engine}"`);
  }
  const chromiumNoSandbox = parseNoSandbox(env);
  if (chromiumNoSandbox === undefined) {
    problems.push(`${NO_SANDBOX_VARIABLE} must be 1, true, yes, 0, false or no, got "${env[NO_SANDBOX_VARIABLE]}"`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    apiPort,
    sitePort,
    host: env.HOST?.trim() || '127.0.0.1',
    documentsDir: path.resolve(docsPath || defaults.documentsDir),
    nodeEnv: env.NODE_ENV?.trim() || 'production',
    exportTimeoutMs,
    queueLimit,
    apiToken,
    rateLimit,
    rateWindowMs,
    shutdownGraceMs,
    engine: engine as ExportEngineName | undefined,
    chromiumNoSandbox: chromiumNoSandbox === true,
  };
}

/** Address the server's own clients (health probe, engine) use to reach the site. */
export function internalSiteOrigin(config: Pick<ServerConfig, 'host' | 'sitePort'>): string {
  const wildcard = ['0.0.0.0', '::', '[::]', ''].includes(config.host);
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.sitePort}`;
}
