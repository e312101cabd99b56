import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {ConfigError} from '../../server/config';
import {OPTIONAL_PACKAGES, installCommand, missingFor} from '../../contracts/optional-packages';
import {loadFor} from '../../server/optional-packages';

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

describe('packages only some sites need: the scaled-out server, the docs-to-pdf engine', () => {
  it('are optional peers of the package, installed for its own tests only', () => {
    for (const name of Object.values(OPTIONAL_PACKAGES).flat()) {
      assert.equal(PACKAGE.dependencies[name], undefined, `${name} is no dependency: a site that does not ask for it installs none`);
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

  it('are found from the plugin, or named with their install command when they are not', () => {
    assert.equal(missingFor('docs-to-pdf'), undefined, 'the repository installs every optional peer for its tests');
    const none = (name: string): string => {
      throw notFound(name);
    };
    assert.equal(
      missingFor('docs-to-pdf', none),
      `The docs-to-pdf engine is chosen, but docs-to-pdf is not installed: run \`PUPPETEER_SKIP_DOWNLOAD=true npm install docs-to-pdf@${PACKAGE.peerDependencies['docs-to-pdf']}\` in the site`,
    );
    assert.throws(() => missingFor('REDIS_URL', () => none('luxon')), /luxon/, 'a package it needs in turn is another failure');
  });
});
