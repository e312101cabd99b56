import type {Job, JobState} from 'bullmq';
import type {ExportStatus} from '../../contracts/api';
import type {ExportProgress, ExportState} from '../../contracts/progress';
import {megabytes} from '../store/pdf-entries';
import {rebuildError} from './job-error';
import type {ExportOrder, ExportResult} from './job-queue';

/** A BullMQ job of this package. */
export type ExportJob = Job<ExportOrder, ExportResult>;

function stateOf(state: JobState | 'unknown'): ExportState {
  if (state === 'active') return 'running';
  if (state === 'completed') return 'done';
  if (state === 'failed') return 'failed';
  return 'queued';
}

function progressOf(job: ExportJob): ExportProgress | undefined {
  const progress = job.progress as Partial<ExportProgress> | undefined;
  return progress && typeof progress === 'object' && typeof progress.phase === 'string' ? (progress as ExportProgress) : undefined;
}

/**
 * A job as GET /export-status reports an export: the same fields as for an export that runs in
 * the server, read from what Redis keeps (the order, the times, the worker's last progress, the
 * result or the failure) and the client ids of the requests that joined it.
 */
export function statusOfJob(
  job: ExportJob,
  jobState: JobState | 'unknown',
  clientIds: string[],
  queuePosition: number | undefined,
  now = Date.now(),
): ExportStatus {
  const state = stateOf(jobState);
  const progress = progressOf(job);
  const {fileName, locale, docsPluginId, version} = job.data;
  const finished = state === 'done' || state === 'failed';
  const status: ExportStatus = {
    id: job.id!,
    clientIds,
    fileName,
    locale,
    docsPluginId,
    version,
    state,
    phase: state === 'running' ? (progress?.phase ?? 'discover') : state === 'queued' ? 'queued' : state,
    percent: state === 'done' ? 100 : state === 'queued' ? 0 : (progress?.percent ?? 0),
    queuedAt: new Date(job.timestamp).toISOString(),
    elapsedMs: ((finished ? job.finishedOn : undefined) ?? now) - (job.processedOn ?? job.timestamp),
  };
  if (state === 'running' && progress) {
    status.done = progress.done;
    status.total = progress.total;
  }
  if (!finished) status.queuePosition = queuePosition;
  if (job.processedOn) status.startedAt = new Date(job.processedOn).toISOString();
  if (finished && job.finishedOn) status.finishedAt = new Date(job.finishedOn).toISOString();
  if (state === 'failed') {
    const error = rebuildError(job.failedReason);
    status.error = error.message;
    status.detail = error.detail;
  }
  if (state === 'done' && job.returnvalue) {
    status.pdfUrl = encodeURIComponent(fileName);
    status.fileSize = job.returnvalue.fileSize;
    status.fileSizeMB = megabytes(job.returnvalue.fileSize);
  }
  return status;
}
