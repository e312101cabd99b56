import {EngineFailed, TimedOut} from '../../errors';
import {deadlineText, type ExportJob} from '../engine';

/**
 * How long an export stopped at its deadline or aborted may take to unwind once its browser is
 * killed. Puppeteer ends every call at once then, but a tab's `close()` can wait for ever on a
 * browser that went away; past this the export is answered without it.
 */
export const STOP_GRACE_MS = 5000;

/**
 * Runs an export under the job's deadline and abort signal. A print in
 * progress cannot be cancelled, so `stop` kills the browser, which ends every
 * call at once; the export's own error then gives way to why it was stopped.
 */
export async function withDeadline(job: ExportJob, stop: () => void, work: () => Promise<void>, graceMs = STOP_GRACE_MS): Promise<void> {
  let stopped: 'timeout' | 'aborted' | undefined;
  let giveUp: NodeJS.Timeout | undefined;
  let unwound!: (error: Error) => void;
  const notUnwound = new Promise<never>((_resolve, reject) => (unwound = reject));
  const halt = (why: 'timeout' | 'aborted') => {
    if (stopped) return;
    stopped = why;
    stop();
    giveUp = setTimeout(() => unwound(new Error(`the export did not end within ${graceMs} ms of being stopped`)), graceMs);
  };
  const timer = setTimeout(() => halt('timeout'), job.timeoutMs);
  const onAbort = () => halt('aborted');
  job.signal?.addEventListener('abort', onAbort);
  try {
    if (job.signal?.aborted) throw new EngineFailed('command-failed', 'The export was cancelled.');
    await Promise.race([work(), notUnwound]);
  } catch (error) {
    if (stopped === 'timeout') {
      throw new TimedOut(`The native engine did not finish within ${deadlineText(job.deadlineMs)} and was stopped.`);
    }
    if (stopped === 'aborted') throw new EngineFailed('command-failed', 'The export was cancelled.');
    if (error instanceof EngineFailed) throw error;
    throw new EngineFailed('command-failed', `The native engine failed: ${(error as Error).message}`, {cause: error});
  } finally {
    clearTimeout(timer);
    clearTimeout(giveUp);
    job.signal?.removeEventListener('abort', onAbort);
  }
}
