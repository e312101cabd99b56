import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {ConfigError} from '../../server/config';
import {OPTIONAL_PACKAGES, installCommand, loadFor} from '../../server/optional-packages';

const PACKAGE = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, {optional?: boolean}>;
};

/** What Node throws when a package is not installed. */
function notFound(name: string): Error {
  return Object.assign(new Error(`Cannot find module '${name}'\nRequire stack:\n- /app/lib/server/queue/bullmq-queue.js`), {
    code: 'MODULE_NOT_FOUND',
  });
}

describe('packages only a scaled-out server needs', () => {
  it('are optional peers of the package, installed for its own tests only', () => {
    for (const name of Object.values(OPTIONAL_PACKAGES).flat()) {
      assert.equal(PACKAGE.dependencies[name], undefined, `${name} is no dependency: a site that does not scale out installs none`);
      assert.ok(PACKAGE.peerDependencies[name], `${name} is a peer, with the range the tests use`);
      assert.equal(PACKAGE.peerDependenciesMeta[name]?.optional, true, `${name} is an optional peer`);
      assert.equal(PACKAGE.devDependencies[name], PACKAGE.peerDependencies[name], `${name} is tested at its peer range`);
    }
  });

  it('are loaded for the setting that asks for them', async () => {
    assert.equal(await loadFor('REDIS_URL', async () => 'queue'), 'queue');
  });

  it('stop the start with the command that installs them, at the ranges of package.json', async () => {
    const failure = loadFor('REDIS_URL', async () => {
      throw notFound('bullmq');
    });
    await assert.rejects(failure, (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.deepEqual(error.problems, [
        `REDIS_URL is set, but bullmq is not installed: run \`npm install bullmq@${PACKAGE.peerDependencies.bullmq} ioredis@${PACKAGE.peerDependencies.ioredis}\` in the site`,
      ]);
      return true;
    });
    assert.equal(
      installCommand('STORE_URL', {'@aws-sdk/client-s3': '^3.1', '@aws-sdk/s3-request-presigner': '^3.2'}),
      'npm install @aws-sdk/client-s3@^3.1 @aws-sdk/s3-request-presigner@^3.2',
    );
  });

  it('pass on any other failure as it is: a module one of them needs in turn, an error of its own', async () => {
    const nested = notFound('luxon');
    await assert.rejects(
      loadFor('REDIS_URL', async () => {
        throw nested;
      }),
      (error) => error === nested,
    );
    const own = new Error('bullmq: bad connection options');
    await assert.rejects(
      loadFor('REDIS_URL', async () => {
        throw own;
      }),
      (error) => error === own,
    );
  });
});
