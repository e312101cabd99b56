import type {BrowserState} from '../../contracts/api';
import type {SiteManifest} from '../../contracts/manifest';
import type {OutlineVersion} from '../../contracts/outline';
import type {EnginePhase} from '../../contracts/progress';
import type {Subset} from './book-plan';

/** Where an engine is: its phase and, when it can count them, the steps of that phase. */
export type EngineProgress = {
  phase: EnginePhase;
  /** Steps done in this phase: pages captured, parts printed. */
  done?: number;
  /** Steps this phase has in all. */
  total?: number;
  /** Share of the engine's work done, 0–100, by the engine's own estimate. */
  percent: number;
};

/** An engine's phases in the order it runs them, each with its usual share of the time. */
export type ProgressPlan = ReadonlyArray<{phase: EnginePhase; weight: number}>;

/** The progress of `phase` in `plan`, with `done` of `total` steps of it behind. */
export function progressIn(plan: ProgressPlan, phase: EnginePhase, done?: number, total?: number): EngineProgress {
  const sum = plan.reduce((all, step) => all + step.weight, 0);
  let before = 0;
  for (const step of plan) {
    if (step.phase === phase) {
      const within = total ? Math.min(1, Math.max(0, (done ?? 0) / total)) : 0;
      return {phase, done, total, percent: (100 * (before + within * step.weight)) / sum};
    }
    before += step.weight;
  }
  return {phase, done, total, percent: 0};
}

/** One export, as the exporter hands it to an engine. */
export type ExportJob = {
  /** The site being exported, in the chosen locale. */
  manifest: SiteManifest;
  /** Id of the docs plugin instance exported. */
  docsPluginId: string;
  /** Site path of the first page: the chosen version's (or subset's) first page. */
  startPath: string;
  /** The chosen docs version, in sidebar order. */
  outlineVersion?: OutlineVersion;
  /** The part of the version to export; absent: all of it. */
  subset?: Subset;
  /** Origin the engine reaches the running site at, e.g. `http://127.0.0.1:3000`. */
  siteOrigin: string;
  /**
   * Directory of the static build the site serves. Absent under the dev server,
   * whose pages change as files are edited, so nothing captured may be reused.
   */
  buildDir?: string;
  /** File the engine writes the PDF to; the exporter moves it into place. */
  outputFile: string;
  /** Scratch directory of this export, removed afterwards whatever happens. */
  workDir: string;
  /** Time left for the engine, in ms. */
  timeoutMs: number;
  /**
   * The export's whole deadline, in ms (EXPORT_TIMEOUT_MS, or the CLI's --timeout), of which
   * timeoutMs is what is left: what a timed-out export says it did not finish within.
   */
  deadlineMs: number;
  /** Aborted when the export must stop (server shutting down). */
  signal?: AbortSignal;
  /** Progress and diagnostics, one line at a time. */
  log: (line: string) => void;
  /** Told each time the engine moves on: a new phase, or a step of the current one. */
  onProgress?: (progress: EngineProgress) => void;
};

/** A deadline as its error text names it: "180 s", or "500 ms" below a second. */
export function deadlineText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/** Turns "this site, these options" into PDF bytes; knows nothing of HTTP. */
export interface ExportEngine {
  readonly name: string;
  /** Throws ExportRejected when the engine cannot export what was asked, before anything queues. */
  check?(job: Pick<ExportJob, 'manifest' | 'subset'>): void;
  run(job: ExportJob): Promise<void>;
  /**
   * Starts ahead of the first export of this site what the engine keeps between exports (a warm
   * browser), so that export does not wait for it. A failure here is the first export's to report.
   * `trial`, when the site is up: an export of the site's default book the engine may run once to
   * warm what it keeps (native/trial-export.ts); its output file and scratch directory are discarded.
   */
  warm?(job: Pick<ExportJob, 'manifest'>, trial?: ExportJob): Promise<void>;
  /** The state of the browser the engine keeps between exports; none: it keeps none. */
  browserState?(): BrowserState | undefined;
  /** Releases what the engine keeps between exports (a warm browser). */
  close?(): Promise<void>;
}
