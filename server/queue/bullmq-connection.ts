import type {ConnectionOptions} from 'bullmq';
import type {SiteManifest} from '../../contracts/manifest';
import {NotReady} from '../errors';

/**
 * The queue of one site. Several sites may share a Redis: each gets its own queue, named after
 * where the site lives (its `url` and `baseUrl`), unless QUEUE_NAME names it. The API and the
 * workers of one site read the same manifest, so they agree without being told.
 */
export function queueNameOf(manifest: Pick<SiteManifest, 'siteUrl' | 'baseUrl'>, configured?: string): string {
  if (configured) return configured;
  let where = manifest.baseUrl;
  try {
    const url = new URL(manifest.baseUrl, manifest.siteUrl);
    where = `${url.host}${url.pathname}`;
  } catch {
    // A site without a usable url: its baseUrl alone names it.
  }
  const slug = where
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `export-pdf-${slug || 'site'}`.slice(0, 100);
}

/** Reconnects every half second while Redis is away, so a restarted Redis is found again at once. */
const retryStrategy = () => 500;

/**
 * Connection options: `commands` for the API's own requests (a command waits through one
 * reconnection at most, then fails, so a request never hangs on a Redis that is down);
 * `blocking` for the connections BullMQ holds open (workers, queue events), which wait forever.
 */
export function connectionOf(redisUrl: string, kind: 'commands' | 'blocking'): ConnectionOptions {
  const common = {url: redisUrl, connectTimeout: 2000, retryStrategy};
  return kind === 'commands' ? {...common, maxRetriesPerRequest: 1} : common;
}

/** Stops a worker start without REDIS_URL: it has nowhere to take jobs from. */
export function requireRedisUrl(redisUrl: string | undefined): string {
  if (!redisUrl) {
    throw new NotReady('REDIS_URL is not set: a worker takes its exports from the BullMQ queue in Redis', {
      detail: 'Set REDIS_URL (redis://host:6379) for the worker and for `docusaurus-export-pdf serve`.',
    });
  }
  return redisUrl;
}

/** Rejects with `onTimeout()` when `work` has not settled within `ms`: nothing waits on Redis for long. */
export async function within<T>(ms: number, work: Promise<T>, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
