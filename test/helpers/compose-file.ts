import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';

// js-yaml (a dev dependency, also what Docusaurus reads YAML with) ships no types of its own.
const yaml = createRequire(__filename)('js-yaml') as {load: (text: string) => unknown};

/** The part of a compose service these tests read. */
export type ComposeService = {
  build?: string | {context?: string; dockerfile?: string};
  init?: boolean;
  user?: string;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  [key: string]: unknown;
};

export type ComposeFile = {services: Record<string, ComposeService>};

export function readComposeFile(file: string): ComposeFile {
  return yaml.load(readFileSync(file, 'utf8')) as ComposeFile;
}

/**
 * Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME-default}`
 * against the host environment `env`; `$$` is a literal dollar.
 */
export function interpolate(value: string, env: NodeJS.ProcessEnv): string {
  return value.replace(/\$\$|\$\{(\w+)(?:(:?)-([^}]*))?\}/g, (match, name?: string, colon?: string, fallback?: string) => {
    if (match === '$$') return '$';
    const set = env[name!];
    if (fallback === undefined) return set ?? '';
    return set === undefined || (colon === ':' && set === '') ? fallback : set;
  });
}

/** The service's `environment`, interpolated, as the container receives it. */
export function serviceEnvironment(service: ComposeService, hostEnv: NodeJS.ProcessEnv): Record<string, string> {
  const entries = Array.isArray(service.environment)
    ? service.environment.map((entry) => entry.split(/=(.*)/s) as [string, string?])
    : Object.entries(service.environment ?? {});
  const result: Record<string, string> = {};
  for (const [name, value] of entries) {
    // A bare name passes the host's value through, or nothing when the host has none.
    const resolved = value === undefined || value === null ? hostEnv[name] : interpolate(String(value), hostEnv);
    if (resolved !== undefined) result[name] = resolved;
  }
  return result;
}
