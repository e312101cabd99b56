import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {freePorts} from '../../server/listen';
import {tempDir} from './fixtures';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const EXAMPLE_SITE = path.join(REPO_ROOT, 'example-site');
const CLI = path.join(REPO_ROOT, 'lib', 'server', 'cli.js');

export type RunningEntry = {
  siteUrl: string;
  apiUrl: string;
  documentsDir: string;
  /** The entry's own PRINT_CACHE_DIR, unless the test set one. */
  printCacheDir: string;
  child: ChildProcess;
  /** Resolves with the exit code once the entry has exited. */
  exited: Promise<number | null>;
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
};

/** Runs the real server entry (`docusaurus-export-pdf serve|start`) on free ports. */
export async function startServerEntry(
  mode: 'serve' | 'start' = 'serve',
  options: {
    readyTimeoutMs?: number;
    env?: NodeJS.ProcessEnv;
    /** Default: the example site. */
    siteDir?: string;
    /** After the site directory, e.g. `--dir`. */
    args?: string[];
  } = {},
): Promise<RunningEntry> {
  const [apiPort, sitePort] = await freePorts(2);
  const documents = await tempDir('export-pdf-e2e-docs');
  // A print cache of its own, as on a fresh machine: a test never gets a part another test printed.
  const printCache = await tempDir('export-pdf-e2e-print-cache');
  let output = '';
  const child = spawn(process.execPath, [CLI, mode, options.siteDir ?? EXAMPLE_SITE, ...(options.args ?? [])], {
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      DOCSITE_PORT: String(sitePort),
      DOCS_PATH: documents.dir,
      PRINT_CACHE_DIR: printCache.dir,
      NODE_ENV: 'production',
      // No trial export at start unless a test asks for one (EXPORT_TRIAL: 'true'): it would export
      // a few pages before each test's first export, and only native-quality.test.ts and
      // browser-service.test.ts are about it. The first export then judges the kinds of page itself.
      EXPORT_TRIAL: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  // The banner's last line: the parent reads the pipe in chunks, so an earlier line
  // can arrive before the rest of the banner is written (server/server-entry.ts).
  while (!output.includes('[export-pdf] PDFs:')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server entry did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    siteUrl: `http://127.0.0.1:${sitePort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    documentsDir: documents.dir,
    printCacheDir: printCache.dir,
    child,
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      // A server that did not exit cleanly explains itself in the test log, as CI keeps nothing else.
      if (code !== 0) console.log(`server entry exited with ${code}; its output:\n${output}`);
      await documents.remove();
      await printCache.remove();
      return code;
    },
  };
}
