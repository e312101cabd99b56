import {readFileSync} from 'node:fs';

export {descendantsOf as descendantPids} from '../../server/export/process-tree';

/** The arguments a process was started with; none once it is gone. */
export function processArgs(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** The command line of a process, arguments separated by spaces; '' once it is gone. */
export function commandLine(pid: number): string {
  return processArgs(pid).join(' ');
}
