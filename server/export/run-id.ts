import {createHash, randomBytes} from 'node:crypto';
import os from 'node:os';

/**
 * This host, in every run id: workers on several hosts may share one documents directory, and a
 * pid says whether a process is alive only on its own host.
 */
const HOST_TAG = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 6);
const RANDOM_BYTES = 4;

/**
 * A run id, `<pid>-<host tag><random>`: the export's scratch directory and part file are named
 * with it, so those of a dead process can be told apart and swept.
 */
export function newRunId(): string {
  return `${process.pid}-${HOST_TAG}${randomBytes(RANDOM_BYTES).toString('hex')}`;
}

/**
 * The pid of the process that made a file or directory named with `runId`, when that process ran
 * on this host; undefined for another host's (whose pids mean nothing here) or a name of no run.
 * Ids without a host tag (made before it existed) count as this host's.
 */
export function localOwner(pid: string, tagged: string): number | undefined {
  const hasTag = tagged.length === HOST_TAG.length + 2 * RANDOM_BYTES;
  return !hasTag || tagged.startsWith(HOST_TAG) ? Number(pid) : undefined;
}
