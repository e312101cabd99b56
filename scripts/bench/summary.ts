import type {EngineResult} from './measure-engine';
import {PHASE_ORDER} from './phases';

export type EngineSummary = {
  engine: string;
  runsPlanned: number;
  runsFinished: number;
  /** Wall time of every attempted run; undefined for a run that did not finish. */
  wallsMs: Array<number | undefined>;
  medianWallMs?: number;
  phaseMediansMs: Record<string, number>;
  /** Max over all runs, finished or not. */
  peakRssBytes?: number;
  /** The same, phase by phase. */
  phasePeakRssBytes: Record<string, number>;
  /** Max over all runs of the peak sum of PSS (measure-engine.ts). */
  peakPssBytes?: number;
  pages: number[];
  medianPdfBytes?: number;
  /** The warm second export / the cold first export on the same server, both finished. */
  warmRatio?: number;
  /** Wall time of the warm second export. */
  warmWallMs?: number;
  /** The export after one doc was edited and the site rebuilt / the cold first export on the same server. */
  editedRatio?: number;
  editedWallMs?: number;
  /** Parts the edited export printed again, of how many (its phases line). */
  editedPrints?: {printed: number; parts: number};
  /** The first reason a run or the server failed. */
  failure?: string;
  /** How long the failed run went on before it failed. */
  failedAfterMs?: number;
};

export function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function summarize(result: EngineResult): EngineSummary {
  const cold = result.runs.filter((run) => !run.warm);
  const finished = cold.filter((run) => run.ok);
  const failed = result.runs.find((run) => !run.ok);
  const phaseNames = [...new Set(finished.flatMap((run) => Object.keys(run.phasesMs)))];
  const phaseMediansMs: Record<string, number> = {};
  for (const name of phaseNames) {
    const value = median(finished.flatMap((run) => (name in run.phasesMs ? [run.phasesMs[name]] : [])));
    if (value !== undefined) phaseMediansMs[name] = value;
  }
  const second = result.runs.find((run) => run.warm && !run.edited);
  const edited = result.runs.find((run) => run.edited);
  const first = second && cold.find((run) => run.run === second.run);
  const warm = first?.ok && second?.ok ? second.wallMs / first.wallMs : undefined;
  return {
    engine: result.engine,
    runsPlanned: result.runsPlanned,
    runsFinished: finished.length,
    wallsMs: cold.map((run) => (run.ok ? run.wallMs : undefined)),
    medianWallMs: median(finished.map((run) => run.wallMs)),
    phaseMediansMs,
    peakRssBytes: result.runs.length ? Math.max(...result.runs.map((run) => run.peakRssBytes)) : undefined,
    phasePeakRssBytes: phasePeaks(result),
    peakPssBytes: result.runs.length ? Math.max(...result.runs.map((run) => run.peakPssBytes ?? 0)) : undefined,
    pages: [...new Set(finished.flatMap((run) => (run.pdfPages === undefined ? [] : [run.pdfPages])))],
    medianPdfBytes: median(finished.flatMap((run) => (run.pdfBytes === undefined ? [] : [run.pdfBytes]))),
    warmRatio: warm,
    warmWallMs: second?.ok ? second.wallMs : undefined,
    editedRatio: first?.ok && edited?.ok ? edited.wallMs / first.wallMs : undefined,
    editedWallMs: edited?.ok ? edited.wallMs : undefined,
    editedPrints:
      edited?.ok && edited.counters.printed !== undefined && edited.counters.parts !== undefined
        ? {printed: edited.counters.printed, parts: edited.counters.parts}
        : undefined,
    failure: result.serverError
      ? `server did not start: ${result.serverError}`
      : failed && `run ${failed.run} did not finish after ${(failed.wallMs / 1000).toFixed(1)} s: ${failed.error}`,
    failedAfterMs: failed?.wallMs,
  };
}

/** Phase columns of a table: the known ones in pipeline order, then any others. */
export function phaseColumns(summaries: EngineSummary[]): string[] {
  const names = [...new Set(summaries.flatMap((summary) => Object.keys(summary.phaseMediansMs)))];
  const known = PHASE_ORDER.filter((name) => names.includes(name));
  return [...known, ...names.filter((name) => !PHASE_ORDER.includes(name))];
}

function phasePeaks(result: EngineResult): Record<string, number> {
  const peaks: Record<string, number> = {};
  for (const run of result.runs) {
    for (const [phase, bytes] of Object.entries(run.phasePeakRssBytes ?? {})) peaks[phase] = Math.max(peaks[phase] ?? 0, bytes);
  }
  return peaks;
}
