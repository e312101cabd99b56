import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {after, before, describe, it} from 'node:test';
import type {ExportStatus, HealthReport, PdfFilesBody} from '../../contracts/api';
import {tempDir} from '../helpers/fixtures';
import {isRunning, waitFor} from '../helpers/processes';
import {startRole, type RoleProcess} from '../helpers/queue-processes';
import {ANSWER_MS, get, midExport} from '../helpers/queue-requests';
import {startRedis, type RunningRedis} from '../helpers/redis-server';

const run = promisify(execFile);

/** Ports of this suite's two API instances (API, site). */
const API_PORTS = [
  [3460, 3461],
  [3462, 3463],
] as const;

/** A whole PDF: header, end-of-file marker, and pages pdfinfo can count. */
async function assertCompletePdf(file: string): Promise<void> {
  const bytes = await readFile(file);
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-', file);
  assert.match(bytes.subarray(-32).toString(), /%%EOF\s*$/, file);
  const {stdout} = await run('pdfinfo', [file]);
  assert.ok(Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]) > 0, `${file}: ${stdout}`);
}

/** Job ids a worker's log says it ran for `fileName`, and whether each ran again after a worker stopped. */
function runsOf(workers: RoleProcess[], fileName: string): string[] {
  return workers.flatMap((worker) =>
    [...worker.output().matchAll(/job (\S+): (\S+) runs as export \S+/g)].filter((m) => m[2] === fileName).map((m) => m[1]!),
  );
}

describe('export jobs on BullMQ: two API instances and two workers on one redis-server', {timeout: 900_000}, () => {
  let redis: RunningRedis;
  let documents: Awaited<ReturnType<typeof tempDir>>;
  let printCache: Awaited<ReturnType<typeof tempDir>>;
  const apis: RoleProcess[] = [];
  const workers: RoleProcess[] = [];
  const apiUrl = (index: number) => `http://127.0.0.1:${API_PORTS[index]![0]}`;
  let env: NodeJS.ProcessEnv;

  const startWorker = async () => {
    // No print cache: each export prints its whole book, so a worker can be stopped in the middle of one.
    const worker = await startRole('worker', {...env, PRINT_CACHE_MAX_MB: '0'}, 'Worker ready: taking jobs');
    workers.push(worker);
    return worker;
  };

  before(async () => {
    redis = await startRedis({appendonly: true});
    documents = await tempDir('export-pdf-queue-docs');
    printCache = await tempDir('export-pdf-queue-cache');
    env = {
      REDIS_URL: redis.url,
      DOCS_PATH: documents.dir,
      PRINT_CACHE_DIR: printCache.dir,
      QUEUE_LOCK_MS: '4000',
      SHUTDOWN_GRACE_MS: '3000',
    };
    for (const [apiPort, sitePort] of API_PORTS) {
      apis.push(await startRole('serve', {...env, API_PORT: String(apiPort), DOCSITE_PORT: String(sitePort)}, '[export-pdf] API:'));
    }
    await startWorker();
    await startWorker();
  });

  after(async () => {
    await Promise.all([...apis, ...workers].map((role) => role.kill()));
    await redis?.remove();
    await documents?.remove();
    await printCache?.remove();
  });

  it('answers /health with the queue running', async () => {
    for (const index of [0, 1]) {
      const {status, body} = await get(`${apiUrl(index)}/health`);
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal((body as HealthReport).services.queue, 'running');
      assert.equal((body as HealthReport).services.browser, undefined, 'an API that only enqueues keeps no browser');
    }
  });

  it('runs 10 concurrent exports through both APIs, identical ones as one job, each PDF complete', async () => {
    const books = [
      ...Array.from({length: 4}, () => 'fileName=q-docs'),
      ...Array.from({length: 3}, () => 'fileName=q-sdk&docsPluginId=sdk'),
      ...Array.from({length: 3}, () => 'fileName=q-intro&doc=intro'),
    ];
    const answers = await Promise.all(books.map((query, index) => get(`${apiUrl(index % 2)}/export-pdf?${query}&exportId=c${index}`)));
    for (const answer of answers) assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual([...new Set(answers.map((answer) => answer.body.fileName))].sort(), ['q-docs.pdf', 'q-intro.pdf', 'q-sdk.pdf']);
    for (const name of ['q-docs.pdf', 'q-intro.pdf', 'q-sdk.pdf']) {
      assert.equal(runsOf(workers, name).length, 1, `${name} ran once:\n${workers.map((w) => w.output()).join('\n')}`);
      await assertCompletePdf(path.join(documents.dir, name));
    }
    // Every request's id finds the job it joined, through either API.
    const docs = (await get(`${apiUrl(1)}/export-status/c0`)).body as ExportStatus;
    assert.equal(docs.state, 'done');
    assert.deepEqual(docs.clientIds, ['c0', 'c1', 'c2', 'c3']);
    assert.equal((await get(`${apiUrl(0)}/export-status/c5`)).body.id, (await get(`${apiUrl(1)}/export-status/c4`)).body.id);
    const listed = (await get(`${apiUrl(1)}/pdf-files`)).body as PdfFilesBody;
    assert.deepEqual(listed.files.map((file) => file.name).sort(), ['q-docs.pdf', 'q-intro.pdf', 'q-sdk.pdf']);
  });

  it('shows the progress of an export added through one API in the event stream of the other', async () => {
    const events: ExportStatus[] = [];
    const stream = await fetch(`${apiUrl(1)}/export-events?id=follow-1`, {signal: AbortSignal.timeout(ANSWER_MS)});
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      const reader = stream.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, {stream: true});
        for (const [, data] of buffer.matchAll(/^data: (.+)$/gm)) events.push(JSON.parse(data!) as ExportStatus);
        buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
      }
    })();
    const answer = await get(`${apiUrl(0)}/export-pdf?fileName=q-follow&exportId=follow-1`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    await reading;
    assert.ok(
      events.some((event) => event.state === 'running' && event.percent > 0 && event.percent < 100),
      JSON.stringify(events.map((event) => [event.state, event.phase, event.percent])),
    );
    const last = events.at(-1)!;
    assert.deepEqual([last.state, last.phase, last.percent, last.pdfUrl], ['done', 'done', 100, 'q-follow.pdf']);
    assert.deepEqual(last.clientIds, ['follow-1']);
  });

  it('finishes on the other worker an export whose worker was killed, and lists no partial file', async () => {
    const answering = get(`${apiUrl(0)}/export-pdf?fileName=q-kill&exportId=kill-1`);
    const victim = await waitFor(
      () => workers.find((worker) => runsOf([worker], 'q-kill.pdf').length > 0),
      ANSWER_MS,
      'a worker taking q-kill',
    );
    await midExport(apiUrl(1), 'kill-1');
    console.log(`killing worker ${victim.child.pid} after: ${victim.output().trim().split('\n').at(-1)}`);
    await victim.kill();
    workers.splice(workers.indexOf(victim), 1);
    const answer = await answering;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const [survivor] = workers;
    assert.match(survivor!.output(), /q-kill\.pdf runs as export \S+, again after its worker stopped/);
    await assertCompletePdf(path.join(documents.dir, 'q-kill.pdf'));
    const listed = (await get(`${apiUrl(1)}/pdf-files`)).body as PdfFilesBody;
    for (const file of listed.files) await assertCompletePdf(path.join(documents.dir, file.name));
    // A new worker sweeps what the killed one left (its part file and book record), as a restarted server does.
    await startWorker();
    assert.deepEqual(
      (await readdir(documents.dir)).filter((name) => name.endsWith('.part')),
      [],
    );
  });

  it('lets a worker stopped by SIGTERM mid-export finish it within the grace or hand it back, then exit 0', async () => {
    const answering = get(`${apiUrl(1)}/export-pdf?fileName=q-term&exportId=term-1`);
    const stopping = await waitFor(
      () => workers.find((worker) => runsOf([worker], 'q-term.pdf').length > 0),
      ANSWER_MS,
      'a worker taking q-term',
    );
    await midExport(apiUrl(0), 'term-1');
    const tree = stopping.tree();
    const code = await stopping.stop();
    workers.splice(workers.indexOf(stopping), 1);
    assert.equal(code, 0, stopping.output().slice(-3000));
    assert.deepEqual(
      tree.filter((pid) => isRunning(pid)),
      [],
    );
    const answer = await answering;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    await assertCompletePdf(path.join(documents.dir, 'q-term.pdf'));
    const finishedInGrace = /job \S+: done/.test(stopping.output().slice(stopping.output().indexOf('q-term.pdf runs as export')));
    console.log(finishedInGrace ? 'q-term finished within the grace' : 'q-term was handed back and run again');
    if (!finishedInGrace) assert.match(workers[0]!.output(), /q-term\.pdf runs as export \S+, again after its worker stopped/);
    await startWorker();
  });

  it('ends a request waiting through a restart of redis-server with its book or a clear error, never a broken book', async () => {
    const answering = get(`${apiUrl(1)}/export-pdf?fileName=q-restart&exportId=restart-1`);
    await waitFor(
      () => (workers.some((worker) => runsOf([worker], 'q-restart.pdf').length > 0) ? true : undefined),
      ANSWER_MS,
      'q-restart to run',
    );
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await redis.start();
    const answer = await answering;
    console.log(`after the restart of redis-server: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.status === 200) {
      await assertCompletePdf(path.join(documents.dir, 'q-restart.pdf'));
    } else {
      assert.equal(answer.body.success, false);
      assert.equal(typeof answer.body.error, 'string');
    }
    const listed = (await get(`${apiUrl(0)}/pdf-files`)).body as PdfFilesBody;
    for (const file of listed.files) await assertCompletePdf(path.join(documents.dir, file.name));
  });

  it('answers a request whose job no worker takes with a clear error once the longest wait is over', async () => {
    const lonely = await startRole(
      'serve',
      {...env, API_PORT: '3464', DOCSITE_PORT: '3465', QUEUE_NAME: 'no-worker-here', EXPORT_TIMEOUT_MS: '1000', EXPORT_QUEUE_LIMIT: '0'},
      '[export-pdf] API:',
    );
    apis.push(lonely);
    const answer = await get('http://127.0.0.1:3464/export-pdf?fileName=q-lonely');
    assert.equal(answer.status, 500, JSON.stringify(answer.body));
    assert.match(answer.body.error as string, /^No worker took export \S+ within 1 s$/);
    assert.match(answer.body.detail as string, /no-worker-here/);
  });

  it('says at once when Redis is unreachable: /health 503 degraded, an export 503 with a JSON error', async () => {
    await redis.stop();
    const health = await get(`${apiUrl(0)}/health`);
    assert.equal(health.status, 503);
    assert.equal(health.body.status, 'degraded');
    assert.equal((health.body as HealthReport).services.queue, 'unreachable');
    const refused = await get(`${apiUrl(1)}/export-pdf?fileName=q-down`);
    assert.equal(refused.status, 503);
    assert.equal(refused.body.success, false);
    assert.equal(refused.body.error, 'The export queue is unreachable; try again later');
    await redis.start();
    let healthy = false;
    for (let tries = 0; tries < 100 && !healthy; tries += 1) {
      healthy = (await get(`${apiUrl(0)}/health`)).status === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(healthy, 'healthy again once Redis is back');
  });

  it('stops every process by itself on SIGTERM and leaves none behind', async () => {
    const trees = [...apis, ...workers].flatMap((role) => role.tree());
    const roles = [...apis, ...workers];
    const codes = await Promise.all(roles.map((role) => role.stop()));
    for (const [index, code] of codes.entries()) assert.equal(code, 0, roles[index]!.output().slice(-3000));
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(
      trees.filter((pid) => isRunning(pid)),
      [],
    );
  });
});
