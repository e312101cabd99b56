// The benchmark's job-queue scenario (`--workers 1,2`): one API and N worker processes on one
// redis-server, `exports` different books queued at once, the time until the last one is done.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdir, mkdtemp, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {killTree} from '../../server/export/process-tree';
import {freePort} from '../../server/listen';
import {requestExport} from './export-request';
import {PeakRssSampler, type SeenProcess} from './process-tree-rss';
import {ServerProcess} from './server-process';
import {serverEnvironment} from './engine-variants';

export type WorkersRun = {
  workers: number;
  exports: number;
  /** From queueing the first export to the answer of the last; undefined when one failed. */
  wallMs?: number;
  failures: string[];
  /** Peak summed RSS and PSS of each worker's tree (its Chromium included), in MB. */
  workerPeaks: Array<{rssMb: number; pssMb: number}>;
};

export type WorkersBench = {
  repoRoot: string;
  siteDir: string;
  /** Worker processes to measure, e.g. [1, 2]. */
  counts: number[];
  /** Exports queued at once. */
  exports: number;
  timeoutMs: number;
  logDir: string;
  interrupt: AbortSignal;
};

const MB = 1024 * 1024;

/** A redis-server of its own, nothing saved: the queue lives as long as one measurement. */
async function startRedis(dir: string): Promise<{url: string; process: ChildProcess; stop: () => Promise<void>}> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output.slice(-500)}`)), 15_000);
    child.once('error', (error) =>
      reject(new Error(`redis-server could not run (scripts/setup.sh --for-tests installs it): ${error.message}`)),
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function measure(bench: WorkersBench, workers: number): Promise<WorkersRun> {
  const run: WorkersRun = {workers, exports: bench.exports, failures: [], workerPeaks: []};
  // Short: Chromium's socket goes below each process's TMPDIR (server/chromium.ts).
  const tempRoot = await mkdtemp(path.join(os.tmpdir().length <= 16 ? os.tmpdir() : '/tmp', 'epw-'));
  const documentsDir = path.join(tempRoot, 'pdfs');
  await mkdir(documentsDir);
  const redis = await startRedis(tempRoot);
  const processes: ServerProcess[] = [];
  const samplers: PeakRssSampler[] = [];
  const seen = new Map<string, SeenProcess>();
  const queueEnv = {
    ...serverEnvironment('native'),
    REDIS_URL: redis.url,
    QUEUE_NAME: `bench-${workers}`,
    WORKER_CONCURRENCY: '1',
    EXPORT_QUEUE_LIMIT: String(bench.exports * 2),
    // Every export of the same site would otherwise be served from the first one's print cache.
    PRINT_CACHE_MAX_MB: '0',
  };
  const start = async (role: 'serve' | 'worker', name: string) => {
    const tmpDir = path.join(tempRoot, name);
    await mkdir(tmpDir);
    const child = new ServerProcess({
      repoRoot: bench.repoRoot,
      siteDir: bench.siteDir,
      engine: 'native',
      apiPort: await freePort(),
      sitePort: await freePort(),
      documentsDir,
      tmpDir,
      timeoutMs: bench.timeoutMs,
      logFile: path.join(bench.logDir, `workers-${workers}-${name}.log`),
      role,
      env: queueEnv,
    });
    processes.push(child);
    return child;
  };
  try {
    const api = await start('serve', 'api');
    const workerProcesses = await Promise.all(Array.from({length: workers}, (_, index) => start('worker', `worker-${index + 1}`)));
    await api.waitHealthy();
    await Promise.all(workerProcesses.map((worker) => worker.waitForLine(/Worker ready/)));
    for (const worker of workerProcesses) samplers.push(new PeakRssSampler(worker.pid, seen));
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({length: bench.exports}, (_, index) =>
        requestExport(api.apiOrigin, `bench-workers-${workers}-${index + 1}.pdf`, bench.timeoutMs * bench.exports, bench.interrupt),
      ),
    );
    const wallMs = performance.now() - started;
    run.failures = answers.flatMap((answer) => (answer.ok ? [] : [answer.error]));
    if (run.failures.length === 0) run.wallMs = wallMs;
  } catch (error) {
    run.failures.push((error as Error).message);
  } finally {
    run.workerPeaks = samplers.map((sampler) => ({rssMb: sampler.stop() / MB, pssMb: sampler.peakPss / MB}));
    await Promise.all(processes.map((child) => child.stop()));
    await redis.stop();
    if (redis.process.pid) killTree(redis.process.pid, 'SIGKILL');
    await rm(tempRoot, {recursive: true, force: true});
  }
  return run;
}

/** Each worker count in turn, on a fresh redis-server, API and workers. */
export async function benchWorkers(bench: WorkersBench): Promise<WorkersRun[]> {
  const runs: WorkersRun[] = [];
  for (const workers of bench.counts) {
    if (bench.interrupt.aborted) break;
    console.log(`  ${workers} worker(s): ${bench.exports} exports queued at once through one API`);
    const run = await measure(bench, workers);
    console.log(
      run.wallMs === undefined
        ? `    failed: ${run.failures.join('; ')}`
        : `    ${(run.wallMs / 1000).toFixed(1)} s; worker peaks ${run.workerPeaks.map((peak) => `${peak.rssMb.toFixed(0)} MB RSS (PSS ${peak.pssMb.toFixed(0)})`).join(', ')}`,
    );
    runs.push(run);
  }
  return runs;
}

/** The table of throughputs, each against the first count's. */
export function formatWorkersReport(runs: WorkersRun[]): string {
  const base = runs[0]?.wallMs;
  const rows = runs.map((run) => {
    const wall = run.wallMs === undefined ? 'failed' : `${(run.wallMs / 1000).toFixed(1)}`;
    const perMinute = run.wallMs === undefined ? '–' : ((run.exports * 60_000) / run.wallMs).toFixed(2);
    const ratio = run.wallMs === undefined || base === undefined ? '–' : `×${(base / run.wallMs).toFixed(2)}`;
    const peak = run.workerPeaks.length ? Math.max(...run.workerPeaks.map((each) => each.rssMb)).toFixed(0) : '–';
    return `${String(run.workers).padEnd(8)}${String(run.exports).padEnd(9)}${wall.padEnd(10)}${perMinute.padEnd(15)}${ratio.padEnd(22)}${peak}`;
  });
  const header = `${'workers'.padEnd(8)}${'exports'.padEnd(9)}${'wall s'.padEnd(10)}${'exports/min'.padEnd(15)}${'throughput vs first'.padEnd(22)}peak RSS per worker MB`;
  return [header, '-'.repeat(header.length), ...rows].join('\n');
}
