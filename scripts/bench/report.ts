import type {EngineResult} from './measure-engine';
import {DOCS_TO_PDF_LEGEND} from './phases';
import {sizeLabel, type SiteSize} from './site-size';
import {phaseColumns, type EngineSummary} from './summary';
import type {TargetOutcome} from './targets';

const sec = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));
const mb = (bytes: number | undefined, digits = 0) => (bytes === undefined ? '-' : (bytes / 1024 / 1024).toFixed(digits));

function runsCell(summary: EngineSummary): string {
  const cells = summary.wallsMs.map((ms) => (ms === undefined ? 'DNF' : sec(ms)));
  const skipped = summary.runsPlanned - cells.length;
  return [...cells, ...Array<string>(Math.max(0, skipped)).fill('–')].join(' ') || 'none';
}

function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  // Numbers read best right-aligned; the engine name and the run list stay left.
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column <= 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** The size's name, its table, then its notes: failures, leftovers, what the phase columns mean. */
export function formatSizeReport(size: SiteSize, results: EngineResult[], summaries: EngineSummary[]): string {
  const phases = phaseColumns(summaries);
  const header = [
    'engine',
    'runs (s)',
    'median s',
    ...phases.map((phase) => `${phase} s`),
    'peak RSS MB',
    'peak PSS MB',
    'pages',
    'PDF MB',
    'warm',
  ];
  const rows = summaries.map((summary) => [
    summary.engine,
    runsCell(summary),
    sec(summary.medianWallMs),
    ...phases.map((phase) => sec(summary.phaseMediansMs[phase])),
    mb(summary.peakRssBytes),
    mb(summary.peakPssBytes),
    summary.pages.length ? summary.pages.join('/') : '-',
    mb(summary.medianPdfBytes, 2),
    summary.warmRatio === undefined ? '-' : summary.warmRatio.toFixed(2),
  ]);
  const notes: string[] = [];
  for (const summary of summaries) {
    if (summary.failure) notes.push(`${summary.engine}: ${summary.failure}`);
  }
  for (const summary of summaries) {
    const peaks = Object.entries(summary.phasePeakRssBytes).map(([phase, bytes]) => `${phase} ${mb(bytes)}`);
    if (peaks.length) notes.push(`${summary.engine} peak RSS by phase, MB: ${peaks.join(', ')}`);
    if (summary.editedWallMs !== undefined) {
      const prints = summary.editedPrints ? `, ${summary.editedPrints.printed} of ${summary.editedPrints.parts} parts printed` : '';
      notes.push(`${summary.engine} after one doc was edited and the site rebuilt: ${sec(summary.editedWallMs)} s${prints}`);
    }
  }
  for (const result of results) {
    for (const leftover of result.leftovers) {
      notes.push(`${result.engine} left pid ${leftover.pid} behind (killed): ${leftover.command.slice(0, 100)}`);
    }
  }
  notes.push(
    'runs: wall time of each GET /export-pdf (DNF: did not finish, –: skipped); medians over finished runs; ' +
      'runs: each a first export on a fresh server, sent once /health says its browser is running (after the trial export at start), with an empty print cache; warm = the same export again on the server of run 1, nothing changed / run 1.',
    'peak RSS: max over runs of the peak sum of VmRSS of the server and all its descendants (Chromium included), ' +
      'sampled every 200 ms; pages shared between processes count once per process. ' +
      'peak PSS: the same with /proc/<pid>/smaps_rollup Pss, a shared page counted once in all (the memory the tree holds).',
  );
  if (results.some((result) => result.runs.some((run) => run.phaseSource === 'engine phases line'))) {
    notes.push('phases: medians in s; an engine\'s "phases key=<n>ms" log line gives its phases as it names them.');
  }
  if (summaries.some((summary) => summary.engine === 'docs-to-pdf')) notes.push(DOCS_TO_PDF_LEGEND);
  return `${sizeLabel(size)}\n${textTable(header, rows)}\n\n${notes.map((note) => `  * ${note}`).join('\n')}`;
}

export function formatTargets(outcomes: TargetOutcome[]): string {
  return outcomes.map((outcome) => `  ${outcome.status}  ${sizeLabel(outcome.docs)}: ${outcome.target}: ${outcome.detail}`).join('\n');
}
