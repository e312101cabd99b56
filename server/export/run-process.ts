import {spawn} from 'node:child_process';
import {createInterface} from 'node:readline';
import {killTree} from './process-tree';

export type ProcessOutcome = {
  /** Exit code, or null when a signal ended the process. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The deadline passed and the process tree was killed. */
  timedOut: boolean;
  /** The caller aborted and the process tree was killed. */
  aborted: boolean;
  /** Last lines the process wrote to stdout and stderr, oldest first. */
  lastLines: string[];
};

export type RunOptions = {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called with every line of output as it arrives. */
  onLine?: (line: string) => void;
};

const KEPT_LINES = 40;

/**
 * Runs a command from an argument array (never a shell string) in its own
 * process group, and kills its whole tree at the deadline or on abort.
 */
export function runProcess(command: string, args: string[], options: RunOptions): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lastLines: string[] = [];
    let timedOut = false;
    let aborted = false;

    // Whole lines only: a line written in two chunks is still one line to the progress parser.
    const collect = (line: string) => {
      if (!line.trim()) return;
      lastLines.push(line);
      if (lastLines.length > KEPT_LINES) lastLines.shift();
      options.onLine?.(line);
    };
    createInterface({input: child.stdout, crlfDelay: Infinity}).on('line', collect);
    createInterface({input: child.stderr, crlfDelay: Infinity}).on('line', collect);

    const kill = () => {
      if (child.pid !== undefined) killTree(child.pid);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, {once: true});
    if (options.signal?.aborted) onAbort();

    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      finish();
      reject(error);
    });
    child.once('close', (code, signal) => {
      finish();
      // Grandchildren that outlived their parent must not outlive the export.
      kill();
      resolve({code, signal, timedOut, aborted, lastLines});
    });
  });
}
