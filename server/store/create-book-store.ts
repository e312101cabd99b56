import {ConfigError, type ServerConfig} from '../config';
import type {BookStore} from './book-store';
import {LocalBookStore} from './local-book-store';
import {loadFor} from '../optional-packages';

/** The store the settings choose: the bucket of STORE_URL, else the documents directory. */
export async function openBookStore(config: Pick<ServerConfig, 'documentsDir' | 'store' | 'exportTimeoutMs'>): Promise<BookStore> {
  const {s3, downloads, forcePathStyle} = config.store;
  if (!s3) return new LocalBookStore(config.documentsDir);
  const {S3BookStore} = await loadFor('STORE_URL', () => import('./s3-book-store.js'));
  const store = new S3BookStore({location: s3, downloads, exportTimeoutMs: config.exportTimeoutMs, client: {forcePathStyle}});
  if (!(await store.region())) {
    throw new ConfigError([`STORE_URL is ${store.where}, but no AWS region is set: set AWS_REGION (any name for MinIO or s3rver)`]);
  }
  return store;
}
