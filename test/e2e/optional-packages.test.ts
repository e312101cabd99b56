import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {freePorts} from '../../server/listen';
import {notInstalled, type OptionalFeature} from '../../contracts/optional-packages';
import {writeHidePackagesHook} from '../helpers/hide-packages';
import {tempDir} from '../helpers/fixtures';
import {EXAMPLE_SITE, REPO_ROOT} from '../helpers/server-process';

describe('a start in a site without the optional packages it asks for', {timeout: 120_000}, () => {
  let work: Awaited<ReturnType<typeof tempDir>>;
  let hook: string;

  before(async () => {
    work = await tempDir('optional-packages');
    hook = await writeHidePackagesHook(work.dir);
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
    assert.ok(outcome.output.includes(notInstalled(feature, [missing])), outcome.output);
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

  it('serve with EXPORT_ENGINE=docs-to-pdf stops, naming the npm install command for that engine', async () => {
    expect(await run('serve', {EXPORT_ENGINE: 'docs-to-pdf'}, 'docs-to-pdf'), 'docs-to-pdf', 'docs-to-pdf');
  });
});
