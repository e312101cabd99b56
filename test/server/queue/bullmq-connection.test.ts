import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {NotReady} from '../../../server/errors';
import {queueNameOf, requireRedisUrl} from '../../../server/queue/bullmq-connection';

describe('the BullMQ queue of a site', () => {
  it('is named after where the site lives, so sites sharing a Redis get their own', () => {
    assert.equal(queueNameOf({siteUrl: 'https://docs.example.com', baseUrl: '/'}), 'export-pdf-docs-example-com');
    assert.equal(queueNameOf({siteUrl: 'https://acme.github.io', baseUrl: '/widgets/'}), 'export-pdf-acme-github-io-widgets');
    assert.notEqual(
      queueNameOf({siteUrl: 'https://acme.github.io', baseUrl: '/widgets/'}),
      queueNameOf({siteUrl: 'https://acme.github.io', baseUrl: '/gadgets/'}),
    );
  });

  it('is QUEUE_NAME when set', () => {
    assert.equal(queueNameOf({siteUrl: 'https://docs.example.com', baseUrl: '/'}, 'staging-docs'), 'staging-docs');
  });

  it('needs REDIS_URL for a worker, saying so', () => {
    assert.throws(
      () => requireRedisUrl(undefined),
      (error: unknown) => error instanceof NotReady && /REDIS_URL/.test(error.message),
    );
    assert.equal(requireRedisUrl('redis://127.0.0.1:6390'), 'redis://127.0.0.1:6390');
  });
});
