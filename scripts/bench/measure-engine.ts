import {mkdir, mkdtemp, readdir, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {killTree} from '../../server/export/process-tree';
import {freePorts} from '../../server/listen';
import {requestExport} from './export-request';
import {pdfPages} from './pdf-pages';
import {engineNamed, isJobStart, parseJobLine, phaseTimes, type JobLine, type PhaseTimes} from './phases';
import {PeakRssSampler, leftoverProcesses, treeRssBytes, type SeenProcess} from './process-tree-rss';
import {ServerProcess} from './server-process';
import {sizeSlug, type SiteSize} from './site-size';
import {loggedEngine} from './engine-variants';

export type RunResult = {
  run: number;
  /** A later export on the server of the cold run before it: warm browser, and whatever the engine kept. */
  warm: boolean;
  /** That later export came after one doc was edited and the site rebuilt (edit-scenario.ts). */
  edited?: boolean;
  fileName: string;
  ok: boolean;
  wallMs: number;
  /** Why the export did not finish. */
  error?: string;
  jobId?: string;
  /** The engine the server's log line named for this export. */
  engineLogged?: string;
  phasesMs: PhaseTimes['phasesMs'];
  counters: PhaseTimes['counters'];
  phaseSource: PhaseTimes['source'];
  /** Peak of the summed RSS of the server and its descendants while the export ran. */
  peakRssBytes: number;
  /** The same as a sum of PSS: each page shared between processes counted once in all. */
  peakPssBytes: number;
  /** The same, phase by phase (the engine's phases line, its phases taken as back to back from the job's first line). */
  phasePeakRssBytes: Record<string, number>;
  pdfBytes?: number;
  pdfPages?: number;
  pdfPath?: string;
};

export type EngineResult = {
  engine: string;
  docs: SiteSize;
  runsPlanned: number;
  serverStartMs?: number;
  /** Why the server did not start. */
  serverError?: string;
  runs: RunResult[];
  /** Server and descendants right after start and after the last export, summed RSS. */
  idleRssBytes?: {afterStart: number; afterRuns: number};
  /** Processes still alive after the server stopped (they were killed). */
  leftovers: SeenProcess[];
  serverLog: string;
  /** Where the PDFs stayed, with --keep-pdfs. */
  keptPdfsDir?: string;
};

export type EngineBench = {
  repoRoot: string;
  siteDir: string;
  docs: SiteSize;
  engine: string;
  runs: number;
  timeoutMs: number;
  keepPdfs: boolean;
  logDir: string;
  /** Aborted on Ctrl-C. */
  interrupt: AbortSignal;
  /** Told of the server while it runs, so a second Ctrl-C can kill it. */
  onServer: (server: ServerProcess | undefined) => void;
  /** Edits one doc and rebuilds the site: given, run 1 exports once more after it, on the same server. */
  editSite?: () => Promise<void>;
  /** Told of each finished export while its PDF is still there. */
  onPdf?: (run: RunResult) => Promise<void>;
};

/** What an export of a run is: the first on a fresh server, the same again, or after an edit. */
type ExportKind = 'cold' | 'warm' | 'edited';
const SUFFIX: Record<ExportKind, string> = {cold: '', warm: '-warm', edited: '-edited'};

/** The runner waits this long past the server's own export deadline before giving up. */
const DEADLINE_SLACK_MS = 60_000;
const HEARTBEAT_MS = 30_000;
/** The server may still be writing an export's last lines when its answer arrives. */
const LOG_SETTLE_MS = 300;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function measureRun(
  bench: EngineBench,
  server: ServerProcess,
  run: number,
  kind: ExportKind,
  seen: Map<string, SeenProcess>,
): Promise<RunResult> {
  const fileName = `bench-${bench.engine}-${run}${SUFFIX[kind]}.pdf`;
  const wrongEngine = new AbortController();
  const lines: JobLine[] = [];
  let jobId: string | undefined;
  let engineLogged: string | undefined;
  let chromiumStartMs: number | undefined;
  const unsubscribe = server.onLine((serverLine) => {
    const line = parseJobLine(serverLine);
    if (!line) {
      // A warm-browser engine starts Chromium outside any job, on the first export.
      const launch = /Chromium started in (\d+) ms/.exec(serverLine.text);
      if (launch) chromiumStartMs = Number(launch[1]);
      return;
    }
    if (jobId === undefined && isJobStart(line, fileName)) jobId = line.jobId;
    if (line.jobId !== jobId) return;
    lines.push(line);
    const engine = engineLogged === undefined ? engineNamed(line.message) : undefined;
    if (engine !== undefined) {
      engineLogged = engine;
      if (engine !== loggedEngine(bench.engine)) {
        wrongEngine.abort(new Error(`the server ran engine "${engine}", not "${loggedEngine(bench.engine)}" (EXPORT_ENGINE not honoured)`));
      }
    }
  });
  const started = performance.now();
  const heartbeat = setInterval(() => {
    const last = lines.at(-1)?.message ?? 'no log line yet';
    console.log(`      … ${seconds(performance.now() - started)}: ${last.length > 110 ? `${last.slice(0, 107)}...` : last}`);
  }, HEARTBEAT_MS);
  const sampler = new PeakRssSampler(server.pid, seen);
  const answer = await requestExport(
    server.apiOrigin,
    fileName,
    bench.timeoutMs + DEADLINE_SLACK_MS,
    AbortSignal.any([bench.interrupt, wrongEngine.signal]),
  );
  const wallMs = performance.now() - started;
  const peakRssBytes = sampler.stop();
  clearInterval(heartbeat);
  await new Promise((resolve) => setTimeout(resolve, LOG_SETTLE_MS));
  unsubscribe();

  const times = phaseTimes(lines.map((line) => ({...line, at: line.at - started})));
  const phasePeakRssBytes: Record<string, number> = {};
  let phaseStart = lines[0]?.at ?? started;
  for (const [phase, ms] of Object.entries(times.phasesMs)) {
    const peak = sampler.peakBetween(phaseStart, phaseStart + ms);
    if (peak !== undefined) phasePeakRssBytes[phase] = peak;
    phaseStart += ms;
  }
  const result: RunResult = {
    run,
    warm: kind !== 'cold',
    ...(kind === 'edited' ? {edited: true} : {}),
    fileName,
    ok: answer.ok,
    wallMs: Math.round(wallMs),
    jobId,
    engineLogged,
    phasesMs: times.phasesMs,
    counters: chromiumStartMs === undefined ? times.counters : {...times.counters, chromiumStartMs},
    phaseSource: times.source,
    peakRssBytes,
    peakPssBytes: sampler.peakPss,
    phasePeakRssBytes,
  };
  if (answer.ok) {
    result.pdfBytes = answer.fileSize;
    result.pdfPath = answer.pdfPath;
    result.pdfPages = await pdfPages(answer.pdfPath);
  } else {
    result.error = server.running ? answer.error : `${answer.error}; the server exited: ${server.lastLines.slice(-3).join(' | ')}`;
  }
  return result;
}

function describeRun(result: RunResult): string {
  if (!result.ok) return `did not finish after ${seconds(result.wallMs)}: ${result.error}`;
  const phases = Object.entries(result.phasesMs).map(([name, ms]) => `${name} ${seconds(ms)}`);
  const launch = result.counters.chromiumStartMs;
  if (launch !== undefined) phases.push(`Chromium started in ${seconds(launch)}`);
  return (
    `${seconds(result.wallMs)}, ${result.pdfPages ?? '?'} pages, ${megabytes(result.pdfBytes ?? 0)}, ` +
    `peak RSS ${megabytes(result.peakRssBytes)} (PSS ${megabytes(result.peakPssBytes)})${phases.length ? ` (${phases.join(', ')})` : ''}`
  );
}

/** An engine's results so far, before its first run. */
export function engineResult(bench: EngineBench): EngineResult {
  return {
    engine: bench.engine,
    docs: bench.docs,
    runsPlanned: bench.runs,
    runs: [],
    leftovers: [],
    serverLog: path.join(bench.logDir, `${sizeSlug(bench.docs)}-${bench.engine}-run-1.server.log`),
  };
}

/**
 * Run `run` of an engine, into `result`: a first export on a fresh server (cold browser,
 * nothing kept), so the median compares engines fairly; after the first run, the same server
 * exports once more: that is the warm second export. False when an export failed.
 */
export function measureEngineRun(bench: EngineBench, run: number, result: EngineResult): Promise<boolean> {
  // docs-to-pdf keeps nothing between exports (a new Chromium each time): its second export costs what its first did.
  const later: ExportKind[] = bench.editSite ? ['warm', 'edited'] : ['warm'];
  const plan: ExportKind[] = run === 1 && bench.runs >= 2 && bench.engine !== 'docs-to-pdf' ? ['cold', ...later] : ['cold'];
  return measureOnFreshServer(bench, run, plan, result);
}

const LABELS: Record<ExportKind, (run: number, runs: number) => string> = {
  cold: (run, runs) => `run ${run}/${runs}, fresh server`,
  warm: (run) => `run ${run}, the same export again on the same server (nothing changed)`,
  edited: (run) => `run ${run}, after one doc was edited and the site rebuilt, on the same server`,
};

/** Starts a server with one engine, runs the planned exports, stops it, and checks nothing is left behind. */
async function measureOnFreshServer(bench: EngineBench, run: number, plan: ExportKind[], result: EngineResult): Promise<boolean> {
  // Short on purpose: Chromium's SingletonSocket lands four directories below the server's
  // TMPDIR, and a Unix socket path longer than 107 bytes makes Chromium abort at launch.
  const tempRoot = await mkdtemp(path.join(os.tmpdir().length <= 16 ? os.tmpdir() : '/tmp', 'epb-'));
  const documentsDir = path.join(tempRoot, 'pdfs');
  await mkdir(documentsDir);
  const [apiPort, sitePort] = await freePorts(2);
  const serverLog = path.join(bench.logDir, `${sizeSlug(bench.docs)}-${bench.engine}-run-${run}.server.log`);
  const seen = new Map<string, SeenProcess>();
  let ok = true;

  const starting = performance.now();
  const server = new ServerProcess({
    repoRoot: bench.repoRoot,
    siteDir: bench.siteDir,
    engine: bench.engine,
    apiPort,
    sitePort,
    documentsDir,
    tmpDir: tempRoot,
    timeoutMs: bench.timeoutMs,
    logFile: serverLog,
  });
  bench.onServer(server);
  try {
    try {
      await server.waitHealthy();
      result.serverStartMs = Math.round(performance.now() - starting);
      console.log(`    server up in ${seconds(result.serverStartMs)} (API :${apiPort}, site :${sitePort}, log ${serverLog})`);
    } catch (error) {
      result.serverError = (error as Error).message;
      console.log(`    server did not start: ${result.serverError}`);
      return false;
    }
    const idle = {afterStart: treeRssBytes(server.pid), afterRuns: 0};
    result.idleRssBytes ??= idle;
    for (const kind of plan) {
      if (bench.interrupt.aborted) break;
      if (kind === 'edited') await bench.editSite!();
      console.log(`    ${LABELS[kind](run, bench.runs)}: GET /export-pdf?fileName=bench-${bench.engine}-${run}${SUFFIX[kind]}.pdf`);
      const outcome = await measureRun(bench, server, run, kind, seen);
      result.runs.push(outcome);
      console.log(`      ${describeRun(outcome)}`);
      if (!outcome.ok) {
        ok = false;
        break;
      }
      await bench.onPdf?.(outcome);
    }
    if (server.running) idle.afterRuns = treeRssBytes(server.pid);
  } finally {
    if (server.running) treeRssBytes(server.pid, seen);
    await server.stop();
    bench.onServer(undefined);
    const leftovers = leftoverProcesses(seen.values(), [tempRoot], [process.pid]);
    result.leftovers.push(...leftovers);
    for (const leftover of leftovers) {
      console.log(`    LEFT BEHIND, killing: pid ${leftover.pid} ${leftover.command.slice(0, 120)}`);
      killTree(leftover.pid);
    }
    if (bench.keepPdfs) {
      for (const entry of await readdir(tempRoot)) {
        if (path.join(tempRoot, entry) !== documentsDir) await rm(path.join(tempRoot, entry), {recursive: true, force: true});
      }
      result.keptPdfsDir = documentsDir;
      console.log(`    PDFs kept in ${documentsDir}`);
    } else {
      await rm(tempRoot, {recursive: true, force: true});
    }
  }
  return ok;
}
