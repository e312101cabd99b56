import {spawn, type ChildProcess} from 'node:child_process';
import {createWriteStream, type WriteStream} from 'node:fs';
import path from 'node:path';
import {createInterface} from 'node:readline';
import type {HealthReport} from '../../contracts/api';
import {killTree} from '../../server/export/process-tree';
import {serverEnvironment} from './engine-variants';

/** A line of the server's stdout and when the runner read it (performance.now() ms). */
export type ServerLine = {at: number; text: string};

export type ServerStart = {
  repoRoot: string;
  siteDir: string;
  engine: string;
  apiPort: number;
  sitePort: number;
  documentsDir: string;
  tmpDir: string;
  timeoutMs: number;
  logFile: string;
  /** `serve` (default), or `worker`: a process that runs the exports of a job queue (REDIS_URL in `env`). */
  role?: 'serve' | 'worker';
  /** Over the environment the runner sets (the job queue's settings). */
  env?: NodeJS.ProcessEnv;
};

const KEPT_LINES = 30;
const STOP_GRACE_MS = 15_000;

/** `docusaurus-export-pdf serve <site>` (or `worker <site>`) as a child process, its stdout line by line. */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly apiOrigin: string;
  readonly #listeners = new Set<(line: ServerLine) => void>();
  readonly #lastLines: string[] = [];
  readonly #log: WriteStream;
  readonly #exited: Promise<void>;

  constructor(start: ServerStart) {
    this.apiOrigin = `http://127.0.0.1:${start.apiPort}`;
    this.#log = createWriteStream(start.logFile);
    this.child = spawn(process.execPath, [`${start.repoRoot}/bin/docusaurus-export-pdf.js`, start.role ?? 'serve', start.siteDir], {
      env: {
        ...process.env,
        ...serverEnvironment(start.engine),
        API_PORT: String(start.apiPort),
        DOCSITE_PORT: String(start.sitePort),
        HOST: '127.0.0.1',
        DOCS_PATH: start.documentsDir,
        DOCS_DIR: '',
        API_TOKEN: '',
        EXPORT_RATE_LIMIT: '',
        EXPORT_TIMEOUT_MS: String(start.timeoutMs),
        // The runner stops a server only between exports or to abandon one.
        SHUTDOWN_GRACE_MS: '0',
        // Export work directories and Chromium profiles land here, so a leftover Chromium
        // names the bench's directory on its command line and cannot be confused with
        // another one on the machine.
        TMPDIR: start.tmpDir,
        // Each server starts with an empty print cache: its first export is cold, the second
        // one on it (nothing changed) is served from what the first kept.
        PRINT_CACHE_DIR: path.join(start.tmpDir, 'print-cache'),
        ...start.env,
      },
      // Its own process group: a Ctrl-C of the runner reaches the server through the runner.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#exited = new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.once('error', (error) => {
        this.#keep(`spawn failed: ${error.message}`);
        resolve();
      });
    });
    createInterface({input: this.child.stdout!}).on('line', (text) => {
      const line = {at: performance.now(), text};
      if (this.#log.writable) this.#log.write(`${text}\n`);
      this.#keep(text);
      for (const listener of this.#listeners) listener(line);
    });
    createInterface({input: this.child.stderr!}).on('line', (text) => {
      if (this.#log.writable) this.#log.write(`[stderr] ${text}\n`);
      this.#keep(text);
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null && this.child.pid !== undefined;
  }

  /** Resolves when the server process has exited. */
  get exited(): Promise<void> {
    return this.#exited;
  }

  /** The last lines of stdout and stderr, for error reports. */
  get lastLines(): string[] {
    return [...this.#lastLines];
  }

  onLine(listener: (line: ServerLine) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #keep(text: string): void {
    this.#lastLines.push(text);
    if (this.#lastLines.length > KEPT_LINES) this.#lastLines.shift();
  }

  /**
   * Resolves when /health answers 200 and no longer reports its browser starting (as a readiness
   * probe waits: a user clicks Export after the server is up, not in its first second); rejects
   * when the server exits first or `timeoutMs` passes.
   */
  async waitHealthy(timeoutMs = 60_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (!this.running) {
        await this.#exited;
        const how = this.child.signalCode ?? `code ${this.child.exitCode}`;
        throw new Error(`the server exited (${how}) before /health answered: ${this.#lastLines.slice(-5).join(' | ')}`);
      }
      try {
        const response = await fetch(`${this.apiOrigin}/health`, {signal: AbortSignal.timeout(2000)});
        const health = (await response.json()) as HealthReport;
        if (response.status === 200 && health.services.browser !== 'starting') return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`/health did not answer 200 within ${timeoutMs / 1000} s`);
  }

  /** Resolves when the process prints a line that matches; rejects when it exits first or `timeoutMs` passes. */
  waitForLine(pattern: RegExp, timeoutMs = 60_000): Promise<void> {
    if (this.#lastLines.some((line) => pattern.test(line))) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        unsubscribe();
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => done(new Error(`no line matching ${pattern} within ${timeoutMs / 1000} s`)), timeoutMs);
      const unsubscribe = this.onLine((line) => pattern.test(line.text) && done());
      void this.#exited.then(() => done(new Error(`exited before a line matching ${pattern}: ${this.#lastLines.slice(-5).join(' | ')}`)));
    });
  }

  /** SIGTERM, then SIGKILL to the whole tree after 15 s; resolves once the server has exited. */
  async stop(): Promise<void> {
    if (this.running) {
      this.child.kill('SIGTERM');
      const force = setTimeout(() => killTree(this.pid, 'SIGKILL'), STOP_GRACE_MS);
      await this.#exited;
      clearTimeout(force);
    }
    await new Promise<void>((resolve) => this.#log.end(() => resolve()));
  }

  /** Ctrl-C twice: no more waiting. */
  kill(): void {
    if (this.running) killTree(this.pid, 'SIGKILL');
  }
}
