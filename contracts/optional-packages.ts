import {createRequire} from 'node:module';
import {ownPackage} from './own-package';

/**
 * The packages only some sites need, by what asks for them. They are optional peer dependencies
 * (package.json): a site that never asks installs none of them. The docs-to-pdf engine alone
 * brings about 70 MB (the full Puppeteer among them); the default native engine needs none of it.
 */
export const OPTIONAL_PACKAGES = {
  REDIS_URL: ['bullmq', 'ioredis'],
  STORE_URL: ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner'],
  'docs-to-pdf': ['docs-to-pdf'],
} as const satisfies Record<string, readonly string[]>;

export type OptionalFeature = keyof typeof OPTIONAL_PACKAGES;

const ASKED_BY: Record<OptionalFeature, string> = {
  REDIS_URL: 'REDIS_URL is set',
  STORE_URL: 'STORE_URL is set',
  'docs-to-pdf': 'The docs-to-pdf engine is chosen',
};

// docs-to-pdf depends on the full Puppeteer, whose install would download a browser the engine
// never runs: it runs the one server/chromium.ts finds.
const INSTALL_ENV: Partial<Record<OptionalFeature, string>> = {'docs-to-pdf': 'PUPPETEER_SKIP_DOWNLOAD=true '};

/** The command that installs a feature's packages, at the ranges this package was tested with. */
export function installCommand(feature: OptionalFeature, ranges = ownPackage().peerDependencies): string {
  const packages = OPTIONAL_PACKAGES[feature].map((name) => (ranges[name] ? `${name}@${ranges[name]}` : name));
  return `${INSTALL_ENV[feature] ?? ''}npm install ${packages.join(' ')}`;
}

/** What stops a feature whose packages are missing: what asked for it, what is missing, and the command that installs it. */
export function notInstalled(feature: OptionalFeature, missing: readonly string[]): string {
  const are = missing.length > 1 ? 'are' : 'is';
  return `${ASKED_BY[feature]}, but ${missing.join(' and ')} ${are} not installed: run \`${installCommand(feature)}\` in the site`;
}

/** True when `error` is Node's failure to find `name` itself (not a module that package needs in turn). */
export function isMissing(error: unknown, name: string): boolean {
  const {code, message} = (error ?? {}) as {code?: unknown; message?: unknown};
  if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') return false;
  return typeof message === 'string' && (message.includes(`'${name}'`) || message.includes(`"${name}"`));
}

/**
 * Why `feature` cannot run here: the text of notInstalled when Node finds one of its packages
 * neither beside this package nor above it (the site's node_modules); undefined when all are there.
 */
export function missingFor(
  feature: OptionalFeature,
  resolve: (name: string) => string = createRequire(__filename).resolve,
): string | undefined {
  const missing = OPTIONAL_PACKAGES[feature].filter((name) => {
    try {
      resolve(name);
      return false;
    } catch (error) {
      if (isMissing(error, name)) return true;
      throw error;
    }
  });
  return missing.length > 0 ? notInstalled(feature, missing) : undefined;
}
