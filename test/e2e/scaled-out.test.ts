import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {after, before, describe, it} from 'node:test';
import type {HealthReport, PdfFilesBody} from '../../contracts/api';
import {tempDir} from '../helpers/fixtures';
import {isRunning, waitFor} from '../helpers/processes';
import {startRole, type RoleProcess} from '../helpers/queue-processes';
import {ANSWER_MS, get, midExport} from '../helpers/queue-requests';
import {startRedis, type RunningRedis} from '../helpers/redis-server';
import {startS3Server, type S3Server} from '../helpers/s3-server';

const run = promisify(execFile);

/** API and site ports of the suite's two API instances. */
const API_PORTS = [
  [3466, 3467],
  [3468, 3469],
] as const;
const PREFIX = 'handbook/';

/** Downloads a book from a site and checks it is a whole PDF pdfinfo reads. */
async function assertServedWhole(siteUrl: string, fileName: string, scratch: string): Promise<void> {
  const response = await fetch(`${siteUrl}/${fileName}`, {signal: AbortSignal.timeout(ANSWER_MS)});
  assert.equal(response.status, 200, `${siteUrl}/${fileName}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  assert.match(bytes.subarray(-32).toString(), /%%EOF\s*$/);
  const file = path.join(scratch, fileName);
  await writeFile(file, bytes);
  const {stdout} = await run('pdfinfo', [file]);
  assert.ok(Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]) > 0, stdout);
}

describe('scaled out: two APIs and two workers on one redis-server, books in S3-compatible storage', {timeout: 900_000}, () => {
  let redis: RunningRedis;
  let s3: S3Server;
  let scratch: Awaited<ReturnType<typeof tempDir>>;
  const apis: RoleProcess[] = [];
  const workers: RoleProcess[] = [];
  const apiUrl = (index: number) => `http://127.0.0.1:${API_PORTS[index]![0]}`;
  const siteUrl = (index: number) => `http://127.0.0.1:${API_PORTS[index]![1]}`;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    redis = await startRedis({appendonly: false});
    s3 = await startS3Server();
    scratch = await tempDir('export-pdf-scaled-out');
    // No documents directory in common: every book goes through the bucket. No print cache, so that
    // each export prints its whole book and a worker can be killed in the middle of one.
    env = {...s3.env(PREFIX), REDIS_URL: redis.url, QUEUE_LOCK_MS: '4000', SHUTDOWN_GRACE_MS: '3000', PRINT_CACHE_MAX_MB: '0'};
    for (const [index, [apiPort, sitePort]] of API_PORTS.entries()) {
      const own = {DOCS_PATH: path.join(scratch.dir, `api-${index}`), API_PORT: String(apiPort), DOCSITE_PORT: String(sitePort)};
      apis.push(await startRole('serve', {...env, ...own}, '[export-pdf] API:'));
    }
    for (const index of [0, 1]) {
      workers.push(await startRole('worker', {...env, DOCS_PATH: path.join(scratch.dir, `worker-${index}`)}, 'Worker ready: taking jobs'));
    }
  });

  after(async () => {
    await Promise.all([...apis, ...workers].map((role) => role.kill()));
    await redis?.remove();
    await s3?.remove();
    await scratch?.remove();
  });

  it('keeps a book a worker made in the bucket, listed and served by either API', async () => {
    const answer = await get(`${apiUrl(0)}/export-pdf?fileName=s3-book`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.pdfPath, `s3://${s3.bucket}/${PREFIX}s3-book.pdf`);
    assert.deepEqual(await s3.keys(PREFIX), [`${PREFIX}s3-book.pdf`], 'the book, and no upload left behind');
    const listed = (await get(`${apiUrl(1)}/pdf-files`)).body as PdfFilesBody;
    assert.deepEqual(
      listed.files.map((file) => [file.name, file.book?.docsPluginId]),
      [['s3-book.pdf', 'default']],
    );
    await assertServedWhole(siteUrl(1), 's3-book.pdf', scratch.dir);
  });

  it('finishes on the other worker an export whose worker was killed, with no partial object in the bucket', async () => {
    const answering = get(`${apiUrl(1)}/export-pdf?fileName=s3-kill&exportId=s3-kill-1`);
    const victim = await waitFor(
      () => workers.find((worker) => /s3-kill\.pdf runs as export/.test(worker.output())),
      ANSWER_MS,
      'a worker taking s3-kill',
    );
    await midExport(apiUrl(0), 's3-kill-1');
    assert.ok(!(await s3.keys(PREFIX)).includes(`${PREFIX}s3-kill.pdf`), 'nothing under the key while the export runs');
    await victim.kill();
    workers.splice(workers.indexOf(victim), 1);
    const answer = await answering;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.match(workers[0]!.output(), /s3-kill\.pdf runs as export \S+, again after its worker stopped/);
    assert.deepEqual(await s3.keys(PREFIX), [`${PREFIX}s3-book.pdf`, `${PREFIX}s3-kill.pdf`], 'the two books, no upload left');
    await assertServedWhole(siteUrl(0), 's3-kill.pdf', scratch.dir);
  });

  it('says the bucket is unreachable: /health 503 degraded on both APIs, exports and listings 503 with a JSON error', async () => {
    await s3.stop();
    try {
      for (const index of [0, 1]) {
        const health = await get(`${apiUrl(index)}/health`);
        assert.equal(health.status, 503, JSON.stringify(health.body));
        assert.equal(health.body.status, 'degraded');
        assert.equal((health.body as HealthReport).services.store, 'unreachable');
        assert.equal((health.body as HealthReport).services.queue, 'running');
      }
      const listing = await get(`${apiUrl(0)}/pdf-files`);
      assert.equal(listing.status, 503);
      assert.equal(listing.body.error, 'The book store is unavailable');
      const refused = await get(`${apiUrl(1)}/export-pdf?fileName=s3-down`);
      assert.equal(refused.status, 503, JSON.stringify(refused.body));
      assert.equal(refused.body.success, false);
      assert.equal(refused.body.error, 'The book store is unavailable');
      assert.match(String(refused.body.detail), new RegExp(`s3://${s3.bucket}/${PREFIX}`));
    } finally {
      await s3.start();
    }
    assert.deepEqual(await s3.keys(PREFIX), [`${PREFIX}s3-book.pdf`, `${PREFIX}s3-kill.pdf`], 'nothing half-written while it was down');
    assert.equal((await get(`${apiUrl(0)}/health`)).status, 200);
  });

  it('stops every process by itself on SIGTERM and leaves none behind', async () => {
    const roles = [...apis, ...workers];
    const trees = roles.flatMap((role) => role.tree());
    const codes = await Promise.all(roles.map((role) => role.stop()));
    for (const [index, code] of codes.entries()) assert.equal(code, 0, roles[index]!.output().slice(-3000));
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(
      trees.filter((pid) => isRunning(pid)),
      [],
    );
  });
});
