import {createRequire} from 'node:module';
import os from 'node:os';
import {assertChromiumTmpDir, findChromium, sandboxArgs} from '../chromium';
import {docsToPdfArgs} from './docs-to-pdf-args';
import {EngineFailed, ExportRejected, TimedOut} from '../errors';
import {planBook} from './book-plan';
import {deadlineText, progressIn, type ExportEngine, type ExportJob, type ProgressPlan} from './engine';
import {runProcess} from './run-process';
import {missingFor} from '../../contracts/optional-packages';

function docsToPdfCli(): string {
  return createRequire(__filename).resolve('docs-to-pdf/lib/cli.js');
}

/** docs-to-pdf prints a timestamped "Error: …" line before it exits non-zero. */
function lastErrorLine(lines: string[]): string | undefined {
  const errorLine = [...lines].reverse().find((line) => /\bError\b/.test(line));
  return errorLine?.replace(/^\[[^\]]*\]\s*(\[[A-Z]+\]\s*)?/, '').trim();
}

/** docs-to-pdf's steps, weighted by a 100-doc export measured on a 2-core machine: crawl 151 s, autoscroll 120 s, print 19 s. */
const PROGRESS_PLAN: ProgressPlan = [
  {phase: 'capture', weight: 151},
  {phase: 'assemble', weight: 120},
  {phase: 'render', weight: 19},
];

/** Follows docs-to-pdf's output: a line per page it fetches, then one per step. */
function progressReader(job: ExportJob): (line: string) => void {
  const report = job.onProgress ?? (() => undefined);
  // It follows "next" links, which usually walk the sidebar's pages.
  const expected = job.outlineVersion ? planBook(job.outlineVersion).chapters.length : undefined;
  let pages = 0;
  return (line) => {
    if (/Retrieving html from /.test(line)) report(progressIn(PROGRESS_PLAN, 'capture', ++pages, expected && Math.max(expected, pages)));
    else if (/Scroll to the bottom|Restructuring the html/.test(line)) report(progressIn(PROGRESS_PLAN, 'assemble'));
    else if (/Start generating PDF/.test(line)) report(progressIn(PROGRESS_PLAN, 'render'));
  };
}

/** The docs-to-pdf CLI in a child process: follows "next" links from the start page. */
export class DocsToPdfEngine implements ExportEngine {
  readonly name = 'docs-to-pdf';
  /** Why the engine cannot run here, or undefined; tests script it. */
  readonly #missing: () => string | undefined;

  constructor(missing = () => missingFor('docs-to-pdf')) {
    this.#missing = missing;
  }

  check(job: Pick<ExportJob, 'subset'>): void {
    if (job.subset) {
      throw new ExportRejected('The docs-to-pdf engine exports whole docs versions only', {
        detail: 'Exporting one category or one doc needs the native engine (plugin option engine: "native").',
      });
    }
    // An optional peer (contracts/optional-packages.ts): a site that chose this engine installs it.
    const problem = this.#missing();
    if (problem) throw new EngineFailed('command-failed', problem);
  }

  async run(job: ExportJob): Promise<void> {
    this.check(job);
    let chromium: string;
    try {
      chromium = findChromium();
    } catch (error) {
      throw new EngineFailed('command-failed', (error as Error).message, {cause: error});
    }
    // Its Chromium's TMPDIR is the work directory, below the server's (see below).
    assertChromiumTmpDir(chromium, job.workDir, os.tmpdir());
    const args = docsToPdfArgs(job.manifest, {
      siteOrigin: job.siteOrigin,
      startPath: job.startPath,
      outputFile: job.outputFile,
      browserArgs: sandboxArgs(),
      timeoutMs: job.timeoutMs,
    });
    const readProgress = progressReader(job);
    job.onProgress?.(progressIn(PROGRESS_PLAN, 'capture', 0, 1));
    const outcome = await runProcess(process.execPath, [docsToPdfCli(), ...args], {
      cwd: job.workDir,
      // Puppeteer makes its Chromium profile under TMPDIR: keeping it in the
      // work directory means a killed export leaves no profile behind.
      env: {
        ...process.env,
        PUPPETEER_EXECUTABLE_PATH: chromium,
        PUPPETEER_SKIP_DOWNLOAD: 'true',
        TMPDIR: job.workDir,
        FORCE_COLOR: '0',
      },
      timeoutMs: job.timeoutMs,
      signal: job.signal,
      onLine: (line) => {
        job.log(line);
        readProgress(line);
      },
    });
    if (outcome.timedOut) {
      throw new TimedOut(`docs-to-pdf did not finish within ${deadlineText(job.deadlineMs)} and was stopped.`);
    }
    if (outcome.aborted) {
      throw new EngineFailed('command-failed', 'The export was cancelled.');
    }
    if (outcome.code !== 0) {
      const how = outcome.signal ? `was killed by ${outcome.signal}` : `exited with code ${outcome.code}`;
      const reason = lastErrorLine(outcome.lastLines);
      throw new EngineFailed('command-failed', `docs-to-pdf ${how}${reason ? `: ${reason}` : '.'}`);
    }
  }
}
