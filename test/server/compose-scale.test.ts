import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, it} from 'node:test';
import {loadConfig} from '../../server/config';
import {settingNames} from '../../server/settings';
import {readComposeFile, serviceEnvironment} from '../helpers/compose-file';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const {services} = readComposeFile(path.join(REPO_ROOT, 'compose.scale.yaml'));
/** Read by the AWS SDK itself, not declared in server/settings.ts (docs/configuration.md, "Book storage"). */
const SDK_VARIABLES = ['AWS_ENDPOINT_URL_S3', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
const EXPORT_SERVICES = ['worker-1', 'worker-2', 'api-1', 'api-2'];

describe('compose.scale.yaml, the scaled-out sample', () => {
  it('has Redis, the MinIO bucket, two workers and two APIs', () => {
    assert.deepEqual(Object.keys(services).sort(), ['api-1', 'api-2', 'minio', 'minio-bucket', 'redis', 'worker-1', 'worker-2']);
    for (const name of ['worker-1', 'worker-2'])
      assert.deepEqual(services[name]!.command, ['docusaurus-export-pdf', 'worker', '/app/site']);
    assert.notDeepEqual(services['api-1']!.ports, services['api-2']!.ports);
  });

  it('sets only settings the server declares or the AWS SDK reads, and a valid configuration for each service', () => {
    for (const name of EXPORT_SERVICES) {
      const environment = serviceEnvironment(services[name]!, {});
      for (const variable of Object.keys(environment)) {
        assert.ok(settingNames().includes(variable) || SDK_VARIABLES.includes(variable), `${name}: ${variable}`);
      }
      const config = loadConfig(environment, {documentsDir: '/app/docs', exportTimeoutMs: 180_000});
      assert.equal(config.queue.redisUrl, 'redis://redis:6379', name);
      assert.deepEqual(config.store.s3, {bucket: 'books', prefix: 'handbook/'}, name);
      assert.equal(config.store.forcePathStyle, true, name);
    }
  });
});
