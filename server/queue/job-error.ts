import {
  Busy,
  DomainError,
  EngineFailed,
  ExportRejected,
  NotFound,
  NotReady,
  StoreUnavailable,
  TimedOut,
  type EngineOutcome,
} from '../errors';

/** Marks a failure reason this package wrote, so it is never mistaken for one of BullMQ's own. */
const MARK = 'export-pdf-error:';

/** A domain error as it crosses from a worker to the API in a job's failure reason. */
type WireError = {
  type: string;
  message: string;
  detail?: string;
  outcome?: EngineOutcome;
  retryAfterSeconds?: number;
};

/** What a worker stores as the job's failure reason: the error's class and texts, in JSON. */
export function serializeError(error: DomainError): string {
  const wire: WireError = {type: error.name, message: error.message, detail: error.detail};
  if (error instanceof EngineFailed) wire.outcome = error.outcome;
  if (error instanceof Busy) wire.retryAfterSeconds = error.retryAfterSeconds;
  return MARK + JSON.stringify(wire);
}

/** BullMQ's reason for a job whose workers stopped while running it more often than allowed. */
const STALLED = /stalled more than allowable limit/i;

/**
 * The same domain error on the API side, so the error middleware maps it once, as for an export
 * that ran in the server. A reason BullMQ wrote itself (a job stalled twice) becomes the failed
 * export it is.
 */
export function rebuildError(reason: string | undefined): DomainError {
  if (!reason?.startsWith(MARK)) {
    const detail = STALLED.test(reason ?? '')
      ? 'The worker running the export stopped (killed, or out of memory), and so did the one that tried it again.'
      : `The export's worker failed: ${reason || 'no reason given'}.`;
    return new EngineFailed('command-failed', detail);
  }
  let wire: WireError;
  try {
    wire = JSON.parse(reason.slice(MARK.length)) as WireError;
  } catch {
    return new EngineFailed('command-failed', `The export's worker failed: ${reason}.`);
  }
  const options = {detail: wire.detail};
  switch (wire.type) {
    case 'TimedOut':
      return new TimedOut(wire.detail ?? '');
    case 'EngineFailed':
      return new EngineFailed(wire.outcome ?? 'command-failed', wire.detail ?? '');
    case 'Busy':
      return new Busy(wire.message, wire.retryAfterSeconds ?? 30, options);
    case 'ExportRejected':
      return new ExportRejected(wire.message, options);
    case 'NotFound':
      return new NotFound(wire.message, options);
    case 'StoreUnavailable':
      return new StoreUnavailable(wire.detail ?? '');
    case 'NotReady':
    case 'ConfigError':
      return new NotReady(wire.message, options);
    default:
      return new EngineFailed('command-failed', wire.detail ?? wire.message);
  }
}
