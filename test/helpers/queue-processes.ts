import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {EXAMPLE_SITE, REPO_ROOT} from './server-process';
import {descendantPids} from './process-tree';

const BIN = path.join(REPO_ROOT, 'bin', 'docusaurus-export-pdf.js');

/** One `docusaurus-export-pdf serve|worker` process of a scaled-out service, with its output. */
export type RoleProcess = {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** The process and every process below it now (Chromium included), to check none outlives it. */
  tree: () => number[];
  /** SIGTERM, then the exit code (SIGKILL after 30 s). */
  stop: () => Promise<number | null>;
  /** SIGKILL to the process and all below it, as a machine dying would. */
  kill: () => Promise<void>;
};

/**
 * Runs the real bin (lib/, so `npm run -s build:package` first) on the example site in `role`,
 * and resolves once its output shows `ready`.
 */
export async function startRole(role: 'serve' | 'worker', env: NodeJS.ProcessEnv, ready: string): Promise<RoleProcess> {
  let output = '';
  const child = spawn(process.execPath, [BIN, role, EXAMPLE_SITE], {
    // No trial export in a worker, as in server-process.ts: no test here is about it.
    env: {...process.env, NODE_ENV: 'production', EXPORT_TRIAL: 'false', ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes(ready)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${role} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const tree = () => (child.exitCode === null && child.signalCode === null ? [child.pid!, ...descendantPids(child.pid!)] : []);
  return {
    child,
    output: () => output,
    exited,
    tree,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(force);
      return code;
    },
    kill: async () => {
      for (const pid of tree()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
      await exited;
    },
  };
}
