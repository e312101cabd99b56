import {readFileSync} from 'node:fs';
import {readProcTable, type ProcEntry} from '../../server/export/process-tree';

/** A process as seen once: the start time tells a reused pid from the same process. */
export type SeenProcess = {pid: number; startTime: string; command: string};

function treeOf(root: number, table: Map<number, ProcEntry>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, {ppid}] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const tree = table.has(root) ? [root] : [];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** A `<field>: <n> kB` line of a /proc file of a process, in bytes; 0 for a process gone. */
function procBytes(pid: number, file: string, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const rssBytes = (pid: number) => procBytes(pid, 'status', 'VmRSS');

/**
 * Proportional set size: each page shared by n processes counted 1/n in each. Summed over a
 * tree, the memory the tree holds, where a sum of RSS counts Chromium's shared pages once per
 * process (a browser with two tabs: 1,164 MB of RSS, 414 MB of PSS).
 */
const pssBytes = (pid: number) => procBytes(pid, 'smaps_rollup', 'Pss');

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/**
 * Summed RSS of `root` and all its descendants (Chromium included), in bytes. A sum of RSS
 * counts pages shared between processes once per process, as `ps` would: an upper bound of
 * the memory the tree holds. Every process found goes into `seen`, to find leftovers later.
 */
export function treeRssBytes(root: number, seen?: Map<string, SeenProcess>): number {
  const table = readProcTable();
  let total = 0;
  for (const pid of treeOf(root, table)) {
    total += rssBytes(pid);
    const startTime = table.get(pid)?.startTime ?? '';
    const key = `${pid}@${startTime}`;
    if (seen && !seen.has(key)) seen.set(key, {pid, startTime, command: commandLine(pid)});
  }
  return total;
}

/** Summed PSS of `root` and all its descendants, in bytes (see pssBytes). */
export function treePssBytes(root: number): number {
  return treeOf(root, readProcTable()).reduce((total, pid) => total + pssBytes(pid), 0);
}

/** Samples `treeRssBytes` (and `treePssBytes`) every `intervalMs` and keeps the peak. */
export class PeakRssSampler {
  readonly #sample: () => number;
  readonly #timer: NodeJS.Timeout;
  readonly #samples: Array<{at: number; bytes: number}> = [];
  #peak = 0;
  /** The peak of the summed PSS. */
  peakPss = 0;

  constructor(root: number, seen: Map<string, SeenProcess>, intervalMs = 200) {
    this.#sample = () => {
      const bytes = treeRssBytes(root, seen);
      this.#samples.push({at: performance.now(), bytes});
      this.peakPss = Math.max(this.peakPss, treePssBytes(root));
      return (this.#peak = Math.max(this.#peak, bytes));
    };
    this.#sample();
    this.#timer = setInterval(this.#sample, intervalMs);
  }

  /** Stops sampling; returns the peak in bytes. */
  stop(): number {
    clearInterval(this.#timer);
    this.#sample();
    return this.#peak;
  }

  /** The peak between two performance.now() times, and the samples on either side of them. */
  peakBetween(from: number, to: number): number | undefined {
    const inside = this.#samples.filter((sample, index, all) => (all[index + 1]?.at ?? Infinity) >= from && sample.at <= to);
    return inside.length ? Math.max(...inside.map((sample) => sample.bytes)) : undefined;
  }
}

/**
 * Processes still alive that were part of the tree once (same pid and start time), or whose
 * command line mentions one of `markers` (the bench's temporary directories).
 */
export function leftoverProcesses(seen: Iterable<SeenProcess>, markers: string[], exclude: number[] = []): SeenProcess[] {
  const table = readProcTable();
  const found = new Map<number, SeenProcess>();
  for (const entry of seen) {
    const now = table.get(entry.pid);
    if (now && !now.zombie && now.startTime === entry.startTime) found.set(entry.pid, entry);
  }
  for (const [pid, {startTime, zombie}] of table) {
    if (zombie || found.has(pid)) continue;
    const command = commandLine(pid);
    if (markers.some((marker) => command.includes(marker))) found.set(pid, {pid, startTime, command});
  }
  for (const pid of exclude) found.delete(pid);
  return [...found.values()];
}
