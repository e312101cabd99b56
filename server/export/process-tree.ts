import {execFileSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';

/** One process as Linux' /proc shows it: its parent, start time (tells a reused pid apart) and whether it is a zombie. */
export type ProcEntry = {ppid: number; startTime: string; zombie: boolean};

/** Every process in /proc by pid (Linux only). */
export function readProcTable(): Map<number, ProcEntry> {
  const table = new Map<number, ProcEntry>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name sits in parentheses and may itself hold spaces or ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), {ppid: Number(fields[1]), startTime: fields[19] ?? '', zombie: fields[0] === 'Z'});
    } catch {
      // The process ended while we looked.
    }
  }
  return table;
}

function parentsFromPs(): Map<number, number> {
  const parents = new Map<number, number>();
  const output = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], {encoding: 'utf8'});
  for (const line of output.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid && ppid !== undefined) parents.set(pid, ppid);
  }
  return parents;
}

/** Every process below `root`, whatever process group it put itself in. */
export function descendantsOf(root: number): number[] {
  const parents = process.platform === 'linux' ? new Map([...readProcTable()].map(([pid, entry]) => [pid, entry.ppid])) : parentsFromPs();
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents) {
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const pending = [...(children.get(root) ?? [])];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    found.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * Kills a process, its process group and every descendant. Puppeteer starts
 * Chromium in a process group of its own, so killing the group alone would
 * orphan the browser; the tree is read before anything dies so that no child
 * is reparented out of reach.
 */
export function killTree(root: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  let descendants: number[] = [];
  try {
    descendants = descendantsOf(root);
  } catch {
    // Without a process table we can still kill the group below.
  }
  for (const pid of [root, ...descendants]) {
    try {
      process.kill(-pid, signal);
    } catch {
      // Not a group leader, or already gone.
    }
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** True while a process with this pid exists (ours always does), also when it is another user's. */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Running processes whose command line names something inside `dir` (Linux only: elsewhere none
 * are found). Chromium writes its profile directory into every one of its processes' command lines.
 */
export function processesInside(dir: string): number[] {
  if (process.platform !== 'linux') return [];
  const inside = dir.endsWith(path.sep) ? dir : dir + path.sep;
  const found: number[] = [];
  for (const [pid, entry] of readProcTable()) {
    if (entry.zombie || pid === process.pid) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(inside)) found.push(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/**
 * Kills what still runs from a scratch directory and waits, up to `waitMs`, until it is gone. A
 * browser's helpers outlive the process that closed it (Chromium's main process has exited, its
 * zygote and renderers not yet); they are out of reach of killTree once that process has ended,
 * and one still writing into its profile would bring back the directory being removed. Returns how
 * many it found.
 */
export async function endProcessesInside(dir: string, waitMs = 5000): Promise<number> {
  const deadline = Date.now() + waitMs;
  const ended = new Set<number>();
  for (let left = processesInside(dir); left.length > 0; left = processesInside(dir)) {
    if (Date.now() > deadline) break;
    for (const pid of left) {
      ended.add(pid);
      killTree(pid);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return ended.size;
}
