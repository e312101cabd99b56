import {EngineFailed, TimedOut} from '../../errors';
import type {ExportJob} from '../engine';

/**
 * Runs an export under the job's deadline and abort signal. A print in
 * progress cannot be cancelled, so `stop` kills the browser, which ends every
 * call at once; the export's own error then gives way to why it was stopped.
 */
export async function withDeadline(job: ExportJob, stop: () => void, work: () => Promise<void>): Promise<void> {
  let stopped: 'timeout' | 'aborted' | undefined;
  const halt = (why: 'timeout' | 'aborted') => {
    stopped ??= why;
    stop();
  };
  const timer = setTimeout(() => halt('timeout'), job.timeoutMs);
  const onAbort = () => halt('aborted');
  job.signal?.addEventListener('abort', onAbort);
  try {
    if (job.signal?.aborted) throw new EngineFailed('command-failed', 'The export was cancelled.');
    await work();
  } catch (error) {
    if (stopped === 'timeout') {
      throw new TimedOut(`The native engine did not finish within ${Math.round(job.timeoutMs / 1000)} s and was stopped.`);
    }
    if (stopped === 'aborted') throw new EngineFailed('command-failed', 'The export was cancelled.');
    if (error instanceof EngineFailed) throw error;
    throw new EngineFailed('command-failed', `The native engine failed: ${(error as Error).message}`, {cause: error});
  } finally {
    clearTimeout(timer);
    job.signal?.removeEventListener('abort', onAbort);
  }
}
