import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {freePorts} from '../../server/listen';
import {installCommand, type OptionalFeature} from '../../server/optional-packages';
import {tempDir} from '../helpers/fixtures';
import {EXAMPLE_SITE, REPO_ROOT} from '../helpers/server-process';

/**
 * Loaded with --require: Node finds none of the packages named in HIDDEN_PACKAGES, as in a site
 * that installed the plugin without them (they are optional peers).
 */
const HIDE = `const Module = require('node:module');
const hidden = process.env.HIDDEN_PACKAGES.split(' ');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (hidden.some((name) => request === name || request.startsWith(name + '/'))) {
    throw Object.assign(new Error("Cannot find module '" + request + "'"), {code: 'MODULE_NOT_FOUND'});
  }
  return resolve.call(this, request, ...rest);
};
`;

describe('a scaled-out start in a site without the packages it needs', {timeout: 120_000}, () => {
  let work: Awaited<ReturnType<typeof tempDir>>;
  let hook: string;

  before(async () => {
    work = await tempDir('optional-packages');
    hook = path.join(work.dir, 'hide-packages.cjs');
    await writeFile(hook, HIDE);
  });
  after(async () => {
    await work?.remove();
  });

  /** Runs `docusaurus-export-pdf <command>` on the built example site; its exit code and output. */
  async function run(command: 'serve' | 'worker', env: NodeJS.ProcessEnv, hidden: string) {
    const [apiPort, sitePort] = await freePorts(2);
    const child = spawn(process.execPath, ['--require', hook, path.join(REPO_ROOT, 'lib', 'server', 'cli.js'), command, EXAMPLE_SITE], {
      env: {
        ...process.env,
        ...env,
        HIDDEN_PACKAGES: hidden,
        API_PORT: String(apiPort),
        DOCSITE_PORT: String(sitePort),
        DOCS_PATH: path.join(work.dir, 'pdfs'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return {code, output};
  }

  const expect = (outcome: {code: number | null; output: string}, feature: OptionalFeature, missing: string) => {
    assert.equal(outcome.code, 1, outcome.output);
    assert.ok(
      outcome.output.includes(`${feature} is set, but ${missing} is not installed: run \`${installCommand(feature)}\` in the site`),
      outcome.output,
    );
  };

  it('serve with REDIS_URL stops at once, naming the npm install command for the queue', async () => {
    expect(await run('serve', {REDIS_URL: 'redis://127.0.0.1:1'}, 'bullmq ioredis'), 'REDIS_URL', 'bullmq');
  });

  it('worker stops the same way', async () => {
    expect(await run('worker', {REDIS_URL: 'redis://127.0.0.1:1'}, 'bullmq ioredis'), 'REDIS_URL', 'bullmq');
  });

  it('serve with STORE_URL stops, naming the npm install command for the bucket', async () => {
    expect(
      await run('serve', {STORE_URL: 's3://books/handbook', AWS_REGION: 'us-east-1'}, '@aws-sdk/client-s3 @aws-sdk/s3-request-presigner'),
      'STORE_URL',
      '@aws-sdk/client-s3',
    );
  });
});
