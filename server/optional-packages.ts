import {ConfigError} from './config';
import {ownPackage} from '../contracts/own-package';

/**
 * The packages only a scaled-out server needs, by the setting that asks for them. They are
 * optional peer dependencies (package.json): a site that never sets REDIS_URL or STORE_URL
 * installs none of them.
 */
export const OPTIONAL_PACKAGES = {
  REDIS_URL: ['bullmq', 'ioredis'],
  STORE_URL: ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner'],
} as const satisfies Record<string, readonly string[]>;

export type OptionalFeature = keyof typeof OPTIONAL_PACKAGES;

/** True when `error` is Node's failure to find `name` itself (not a module that package needs in turn). */
function isMissing(error: unknown, name: string): boolean {
  const {code, message} = (error ?? {}) as {code?: unknown; message?: unknown};
  if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') return false;
  return typeof message === 'string' && (message.includes(`'${name}'`) || message.includes(`"${name}"`));
}

/** The command that installs a feature's packages, at the ranges this package was tested with. */
export function installCommand(feature: OptionalFeature, ranges = ownPackage().peerDependencies): string {
  return `npm install ${OPTIONAL_PACKAGES[feature].map((name) => (ranges[name] ? `${name}@${ranges[name]}` : name)).join(' ')}`;
}

/**
 * Loads the modules `feature` needs. A package of it that is not installed stops the start with
 * a ConfigError that names the command to install it; any other failure is passed on.
 */
export async function loadFor<T>(feature: OptionalFeature, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = OPTIONAL_PACKAGES[feature].filter((name) => isMissing(error, name));
    if (missing.length === 0) throw error;
    throw new ConfigError([
      `${feature} is set, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed: run \`${installCommand(feature)}\` in the site`,
    ]);
  }
}
