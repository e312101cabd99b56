import {spawn} from 'node:child_process';

export type CommandOptions = {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Resolve with standard output and error as they interleaved, not standard output alone. */
  withStderr?: boolean;
};

/**
 * Runs a command to the end and resolves with its standard output; rejects
 * with the tail of all its output when it fails, so a broken step explains
 * itself, and the whole of it in the error's `output`.
 */
export function runCommand(command: string, args: string[], options: CommandOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(options.withStderr ? output : stdout);
      else {
        const failure = new Error(
          `\`${command} ${args.join(' ')}\` in ${options.cwd} ended with ${signal ?? code}:\n${output.slice(-4000)}`,
        );
        reject(Object.assign(failure, {output}));
      }
    });
  });
}
