import assert from 'node:assert/strict';
import {afterEach, beforeEach, describe, it} from 'node:test';
import {ConfigError} from '../../../server/config';
import {openBookStore} from '../../../server/store/create-book-store';
import {LocalBookStore} from '../../../server/store/local-book-store';
import {S3BookStore} from '../../../server/store/s3-book-store';

describe('openBookStore', () => {
  const saved = {...process.env};
  const config = (s3?: {bucket: string; prefix: string}) => ({
    documentsDir: '/srv/pdfs',
    exportTimeoutMs: 180_000,
    store: {...(s3 && {s3}), downloads: 'stream' as const, forcePathStyle: true},
  });

  beforeEach(() => {
    // The SDK would also find a region in the AWS config files of whoever runs the tests.
    process.env.AWS_CONFIG_FILE = '/nonexistent/aws-config';
    process.env.AWS_SHARED_CREDENTIALS_FILE = '/nonexistent/aws-credentials';
    delete process.env.AWS_PROFILE;
  });
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });

  it('keeps books in the documents directory when STORE_URL is unset', async () => {
    const store = await openBookStore(config());
    assert.ok(store instanceof LocalBookStore);
    assert.equal(store.where, '/srv/pdfs');
  });

  it('keeps books in the bucket STORE_URL names, in the region the AWS SDK finds', async () => {
    process.env.AWS_REGION = 'eu-west-3';
    const store = await openBookStore(config({bucket: 'books', prefix: 'site/'}));
    assert.ok(store instanceof S3BookStore);
    assert.equal(store.where, 's3://books/site/');
    assert.equal(await store.region(), 'eu-west-3');
  });

  it('stops the start when no region is set, saying which variable to set', async () => {
    delete process.env.AWS_REGION;
    delete process.env.AWS_DEFAULT_REGION;
    await assert.rejects(openBookStore(config({bucket: 'books', prefix: ''})), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.deepEqual(error.problems, [
        'STORE_URL is s3://books/, but no AWS region is set: set AWS_REGION (any name for MinIO or s3rver)',
      ]);
      return true;
    });
  });
});
