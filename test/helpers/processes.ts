import {readdirSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Parent of every export's scratch directory (see server/create-exporter.ts). */
export const WORK_ROOT = path.join(os.tmpdir(), 'docusaurus-export-pdf');

/** A zombie waiting for its parent to reap it no longer runs. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Running processes whose command line contains `fragment`. */
export function processesMatching(fragment: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(fragment) && isRunning(pid);
      } catch {
        return false;
      }
    });
}

/**
 * Chromium processes of a server's exports: each export runs with TMPDIR set to
 * its scratch directory `<WORK_ROOT>/<server pid>-<job>`, so Chromium's
 * --user-data-dir names the server.
 */
export function exportBrowserPids(serverPid: number): number[] {
  return processesMatching(`${WORK_ROOT}/${serverPid}-`);
}

/** Scratch (and so Chromium profile) directories a server left behind. */
export function scratchDirs(serverPid: number): string[] {
  try {
    return readdirSync(WORK_ROOT).filter((name) => name.startsWith(`${serverPid}-`));
  } catch {
    return [];
  }
}

export async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
