import {spawn, type ChildProcess} from 'node:child_process';
import {createServer} from 'node:net';
import {tempDir} from './fixtures';

/** The ports tests may give redis-server on this machine. */
const REDIS_PORTS = [6390, 6391, 6392, 6393, 6394, 6395, 6396, 6397, 6398, 6399];

export type RunningRedis = {
  url: string;
  port: number;
  /** Stops it (SIGTERM: it writes its append-only file and exits); resolves once it has exited. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and directory, from its append-only file. */
  start: () => Promise<void>;
  /** Stops it for good and removes its directory. */
  remove: () => Promise<void>;
};

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A real redis-server of the test's own (Debian's package; scripts/setup.sh --for-tests installs
 * it) on a free port of 6390–6399, in a temporary directory. `appendonly`: every write is in its
 * append-only file before it answers, so a restart keeps the queue.
 */
export async function startRedis(options: {appendonly?: boolean} = {}): Promise<RunningRedis> {
  const dir = await tempDir('export-pdf-redis');
  const argsFor = (port: number) => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir.dir, '--save', '', '--daemonize', 'no'];
    return [...args, ...(options.appendonly ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'])];
  };
  let child: ChildProcess | undefined;

  const launch = async (port: number): Promise<{started: true} | {started: false; output: string}> => {
    let output = '';
    const spawned = spawn('redis-server', argsFor(port), {stdio: ['ignore', 'pipe', 'pipe']});
    child = spawned;
    spawned.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    spawned.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 20_000;
    while (!output.includes('Ready to accept connections')) {
      if (spawned.exitCode !== null || Date.now() > deadline) {
        spawned.kill('SIGKILL');
        return {started: false, output};
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {started: true};
  };

  // Test files run side by side (scripts/run-tests.mjs): each starts at its own place in the range,
  // and moves on when another took the port between the probe and redis-server's bind.
  const offset = process.pid % REDIS_PORTS.length;
  const candidates = [...REDIS_PORTS.slice(offset), ...REDIS_PORTS.slice(0, offset)];
  let port: number | undefined;
  const failures: string[] = [];
  for (const candidate of candidates) {
    if (!(await portIsFree(candidate))) continue;
    const launched = await launch(candidate);
    if (launched.started) {
      port = candidate;
      break;
    }
    failures.push(launched.output);
    if (!/Address already in use/.test(launched.output)) break;
  }
  if (port === undefined) {
    await dir.remove();
    throw new Error(`redis-server did not start on a port of ${REDIS_PORTS[0]}–${REDIS_PORTS.at(-1)}:\n${failures.join('\n')}`);
  }
  const chosen = port;
  const start = async () => {
    const launched = await launch(chosen);
    if (!launched.started) throw new Error(`redis-server did not start again on ${chosen}:\n${launched.output}`);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const force = setTimeout(() => running.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  };
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    stop,
    start,
    remove: async () => {
      await stop();
      await dir.remove();
    },
  };
}
