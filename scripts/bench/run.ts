// Benchmarks the PDF export engines end to end: for each site size, the real server entry
// (`bin/docusaurus-export-pdf.js serve`) runs with EXPORT_ENGINE=<engine> and answers a few
// `GET /export-pdf` in a row; the runner times them, samples the memory of the server and
// everything below it (Chromium included), reads each engine's phase times from the server's
// log, counts the PDF's pages with pdfinfo, prints a table per size with the targets, and
// writes everything to .bench/results-<timestamp>.json (server logs: .bench/logs-<timestamp>/).
//
//   npm run bench                                   # sizes example,100,300,1000; all four engines
//   npm run bench -- --engines docs-to-pdf --sizes 20 --runs 2
//
//   --sizes example,100,300,1000
//                          "example": the repository's example site (example-site/), built when
//                          its build is missing, never generated nor edited (no edit scenario);
//                          N: a site of N generated docs, .bench/sites/docs-N: generated when missing,
//                          built when build/ is missing, older than the site's sources, or was
//                          built with a different lib/ (the native engine needs the site to
//                          bundle the plugin's current client module)
//   --engines a,b          engines to compare, in this order (default native,native-untagged,
//                          native-render-1,docs-to-pdf)
//   --runs 3               exports per engine and size on one server; after a failed or timed-out
//                          export the engine's remaining runs for that size are skipped
//   --slow-runs 1          runs for docs-to-pdf on sites of 300+ docs (one takes over 10 min)
//   --timeout-ms 600000    the server's EXPORT_TIMEOUT_MS
//   --keep-pdfs            keep the PDFs (the directory is printed); they are deleted otherwise
//   --workers 1,2          only the job-queue scenario (workers-bench.ts): one API and N workers on a
//                          redis-server of their own, 6 exports queued at once; the 300-doc site
//                          unless --sizes names others
//   --help                 usage
//
// Ctrl-C stops the running export and its server (a second Ctrl-C kills them) and still writes
// the results measured so far.
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import {copyFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {killTree} from '../../server/export/process-tree';
import {prepareSite, runningTools, type SitePreparation} from './bench-site';
import {checkEditedBook, toggleEdit} from './edit-scenario';
import {engineResult, measureEngineRun, type EngineResult, type RunResult} from './measure-engine';
import {parseOptions, QUEUED_EXPORTS, runsFor, USAGE, type BenchOptions} from './options';
import {formatSizeReport, formatTargets} from './report';
import type {ServerProcess} from './server-process';
import {EXAMPLE, sizeLabel, sizeSlug, type SiteSize} from './site-size';
import {summarize, type EngineSummary} from './summary';
import {scaleTargets, timePer1000Docs} from './scale-targets';
import {evaluateTargets, type EditCheck, type TargetOutcome} from './targets';
import {benchWorkers, formatWorkersReport, type WorkersRun} from './workers-bench';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

type SizeResult = {
  docs: SiteSize;
  site?: SitePreparation;
  /** Why the site could not be generated or built. */
  siteError?: string;
  engines: EngineResult[];
  summaries: EngineSummary[];
  targets: TargetOutcome[];
  /** The book exported after one doc was edited, against a cold export of the edited site. */
  editCheck?: EditCheck;
};

type Results = {
  startedAt: string;
  finishedAt?: string;
  interrupted: boolean;
  options: BenchOptions;
  machine: {cpus: number; cpuModel: string; memoryBytes: number; node: string; loadAverageAtStart: number[]};
  sizes: SizeResult[];
  /** The job-queue scenario (--workers), per site size. */
  queue: Array<{docs: SiteSize; runs: WorkersRun[]; siteError?: string}>;
};

const interrupt = new AbortController();
let runningServer: ServerProcess | undefined;

function onSignal(signal: NodeJS.Signals): void {
  if (interrupt.signal.aborted) {
    console.error(`\n${signal} again: killing the server and exiting`);
    runningServer?.kill();
    for (const pid of runningTools) killTree(pid);
    process.exit(130);
  }
  console.error(`\n${signal}: stopping the running export and its server (again to kill them)`);
  interrupt.abort(new Error(`interrupted by ${signal}`));
  for (const pid of runningTools) killTree(pid);
}

/** Sites of 3,000 docs and more get 15 minutes (the deadline for them), unless --timeout-ms gives more. */
function exportDeadline(options: BenchOptions, docs: SiteSize): number {
  return docs !== EXAMPLE && docs >= 3000 ? Math.max(options.timeoutMs, 15 * 60_000) : options.timeoutMs;
}

async function benchSize(options: BenchOptions, docs: SiteSize, logDir: string): Promise<SizeResult> {
  const result: SizeResult = {docs, engines: [], summaries: [], targets: []};
  console.log(`\n=== ${sizeLabel(docs)} ===`);
  try {
    result.site = await prepareSite(REPO_ROOT, docs);
  } catch (error) {
    result.siteError = (error as Error).message;
    console.log(`  site not ready: ${result.siteError}`);
    return result;
  }
  const {siteDir, generated, buildReason, buildMs, buildLog} = result.site;
  console.log(`  site: ${path.relative(REPO_ROOT, siteDir)}${generated ? ' (generated now)' : ''}`);
  console.log(
    buildMs === undefined
      ? '  build: up to date'
      : `  build: ${(buildMs / 1000).toFixed(1)} s (${buildReason}; log ${path.relative(REPO_ROOT, buildLog!)})`,
  );

  // Run 1 of native edits one doc after its exports and exports again; run 2 of native, a cold
  // export of the edited site, is the book to compare it with. Never on the example site.
  const edits = docs !== EXAMPLE && options.engines.includes('native') && options.runs >= 2;
  const editedPdf = path.join(logDir, `${sizeSlug(docs)}-edited.pdf`);
  const coldPdf = path.join(logDir, `${sizeSlug(docs)}-cold-after-edit.pdf`);
  const editSite = async () => {
    const {file, added} = await toggleEdit(siteDir);
    console.log(
      `    ${added ? 'added a paragraph to' : 'took the added paragraph out of'} ${path.relative(siteDir, file)}; rebuilding the site`,
    );
    const rebuilt = await prepareSite(REPO_ROOT, docs);
    console.log(`    rebuilt in ${((rebuilt.buildMs ?? 0) / 1000).toFixed(1)} s (not counted)`);
  };
  const keepForEditCheck = async (run: RunResult) => {
    if (run.edited) await copyFile(run.pdfPath!, editedPdf);
    else if (!run.warm && run.run === 2) await copyFile(run.pdfPath!, coldPdf);
  };

  // Runs alternate between engines (run 1 of each, then run 2 of each…): a machine that slows
  // down or speeds up during the benchmark then weighs on every engine alike, not on the last.
  const benches = options.engines.map((engine) => ({
    ...(edits && engine === 'native' ? {editSite, onPdf: keepForEditCheck} : {}),
    repoRoot: REPO_ROOT,
    siteDir,
    docs,
    engine,
    runs: runsFor(options, engine, docs),
    timeoutMs: exportDeadline(options, docs),
    keepPdfs: options.keepPdfs,
    logDir,
    interrupt: interrupt.signal,
    onServer: (server: ServerProcess | undefined) => (runningServer = server),
  }));
  result.engines = benches.map(engineResult);
  const failed = new Set<string>();
  for (let run = 1; run <= Math.max(...benches.map((bench) => bench.runs)); run += 1) {
    for (const [index, bench] of benches.entries()) {
      if (interrupt.signal.aborted || run > bench.runs || failed.has(bench.engine)) continue;
      console.log(`  ${bench.engine}: run ${run}/${bench.runs}`);
      if (await measureEngineRun(bench, run, result.engines[index]!)) continue;
      failed.add(bench.engine);
      if (run < bench.runs) console.log(`      skipping the remaining ${bench.runs - run} run(s) of ${bench.engine}`);
    }
  }
  result.summaries = result.engines.map(summarize);
  if (edits && existsSync(editedPdf) && existsSync(coldPdf)) {
    result.editCheck = await checkEditedBook(
      REPO_ROOT,
      siteDir,
      editedPdf,
      coldPdf,
      path.join(logDir, `${sizeSlug(docs)}-edited-check-book.txt`),
    );
  }
  result.targets = evaluateTargets(docs, result.summaries, edits ? {check: result.editCheck} : undefined);
  console.log(`\n${formatSizeReport(docs, result.engines, result.summaries)}`);
  if (result.targets.length) console.log(`\nTargets, ${sizeLabel(docs)}:\n${formatTargets(result.targets)}`);
  return result;
}

/** The job-queue scenario on one site: throughput of QUEUED_EXPORTS exports with each worker count. */
async function benchQueue(options: BenchOptions, counts: number[], docs: SiteSize, logDir: string) {
  console.log(`\n=== ${sizeLabel(docs)}: job queue ===`);
  let siteDir: string;
  try {
    siteDir = (await prepareSite(REPO_ROOT, docs)).siteDir;
  } catch (error) {
    console.log(`  site not ready: ${(error as Error).message}`);
    return {docs, runs: [], siteError: (error as Error).message};
  }
  const runs = await benchWorkers({
    repoRoot: REPO_ROOT,
    siteDir,
    counts,
    exports: QUEUED_EXPORTS,
    timeoutMs: exportDeadline(options, docs),
    logDir,
    interrupt: interrupt.signal,
  });
  console.log(`\n${formatWorkersReport(runs)}`);
  console.log(
    '  * wall: from queueing the exports to the answer of the last; each worker runs one export at a time with its own Chromium; ' +
      'no print cache, so that every export prints its whole book. peak RSS: summed over a worker and its Chromium.',
  );
  return {docs, runs};
}

async function main(): Promise<void> {
  let options: BenchOptions | undefined;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (!options) {
    console.log(USAGE);
    return;
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const benchDir = path.join(REPO_ROOT, '.bench');
  const logDir = path.join(benchDir, `logs-${stamp}`);
  const resultsFile = path.join(benchDir, `results-${stamp}.json`);
  mkdirSync(logDir, {recursive: true});
  const results: Results = {
    startedAt: new Date().toISOString(),
    interrupted: false,
    options,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryBytes: os.totalmem(),
      node: process.version,
      loadAverageAtStart: os.loadavg(),
    },
    sizes: [],
    queue: [],
  };
  const save = () => writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    options.workers
      ? `bench: the job queue with ${options.workers.join(', ')} worker(s); sizes ${options.sizes.join(', ')}; ` +
          `${QUEUED_EXPORTS} exports at once; export deadline ${options.timeoutMs / 1000} s`
      : `bench: sizes ${options.sizes.join(', ')}; engines ${options.engines.join(', ')}; ${options.runs} run(s) ` +
          `(docs-to-pdf on 300+ docs: ${Math.min(options.runs, options.slowRuns)}); export deadline ${options.timeoutMs / 1000} s`,
  );
  console.log(`machine: ${results.machine.cpus} CPUs, ${(results.machine.memoryBytes / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`);

  if (options.workers) {
    for (const docs of options.sizes) {
      if (interrupt.signal.aborted) break;
      results.queue.push(await benchQueue(options, options.workers, docs, logDir));
      save();
    }
    results.finishedAt = new Date().toISOString();
    save();
    console.log(`\nresults: ${path.relative(REPO_ROOT, resultsFile)}`);
    return;
  }
  for (const docs of options.sizes) {
    if (interrupt.signal.aborted) break;
    results.sizes.push(await benchSize(options, docs, logDir));
    save();
  }

  results.interrupted = interrupt.signal.aborted;
  results.finishedAt = new Date().toISOString();
  save();
  const perThousand = timePer1000Docs(results.sizes);
  if (perThousand.length) {
    console.log(
      `\nnative cold export per 1,000 docs: ${perThousand.map(({docs, ms}) => `${docs} docs ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
  }
  const targets = [...results.sizes.flatMap((size) => size.targets), ...scaleTargets(results.sizes)];
  if (targets.length && results.sizes.length > 1) console.log(`\nAll targets:\n${formatTargets(targets)}`);
  console.log(`\nresults: ${path.relative(REPO_ROOT, resultsFile)}`);
  console.log(`server logs: ${path.relative(REPO_ROOT, logDir)}/`);
  if (results.interrupted) process.exit(130);
}

main().catch((error: unknown) => {
  console.error(error);
  runningServer?.kill();
  process.exit(1);
});
