import {createRequire} from 'node:module';
import {findChromium, sandboxArgs} from '../chromium';
import {docsToPdfArgs} from './docs-to-pdf-args';
import {HttpError} from '../errors';
import {ExportFailure, type ExportEngine, type ExportJob} from './engine';
import {runProcess} from './run-process';

function docsToPdfCli(): string {
  return createRequire(__filename).resolve('docs-to-pdf/lib/cli.js');
}

/** docs-to-pdf prints a timestamped "Error: …" line before it exits non-zero. */
function lastErrorLine(lines: string[]): string | undefined {
  const errorLine = [...lines].reverse().find((line) => /\bError\b/.test(line));
  return errorLine?.replace(/^\[[^\]]*\]\s*(\[[A-Z]+\]\s*)?/, '').trim();
}

/** The docs-to-pdf CLI in a child process: follows "next" links from the start page. */
export class DocsToPdfEngine implements ExportEngine {
  readonly name = 'docs-to-pdf';

  check(job: Pick<ExportJob, 'subset'>): void {
    if (job.subset) {
      throw new HttpError(400, 'The docs-to-pdf engine exports whole docs versions only', {
        detail: 'Exporting one category or one doc needs the native engine (plugin option engine: "native").',
      });
    }
  }

  async run(job: ExportJob): Promise<void> {
    let chromium: string;
    try {
      chromium = findChromium();
    } catch (error) {
      throw new ExportFailure('command-failed', (error as Error).message, {cause: error});
    }
    const args = docsToPdfArgs(job.manifest, {
      siteOrigin: job.siteOrigin,
      startPath: job.startPath,
      outputFile: job.outputFile,
      browserArgs: sandboxArgs(),
      timeoutMs: job.timeoutMs,
    });
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
      onLine: job.log,
    });
    if (outcome.timedOut) {
      throw new ExportFailure(
        'command-failed',
        `docs-to-pdf did not finish within ${Math.round(job.timeoutMs / 1000)} s and was stopped.`,
      );
    }
    if (outcome.aborted) {
      throw new ExportFailure('command-failed', 'The export was cancelled.');
    }
    if (outcome.code !== 0) {
      const how = outcome.signal ? `was killed by ${outcome.signal}` : `exited with code ${outcome.code}`;
      const reason = lastErrorLine(outcome.lastLines);
      throw new ExportFailure('command-failed', `docs-to-pdf ${how}${reason ? `: ${reason}` : '.'}`);
    }
  }
}
