import type {Phase} from '../../contracts/progress';
import {megabytes} from '../store/pdf-entries';
import type {Subset} from '../export/book-plan';
import type {ExportStatus} from '../../contracts/api';

/** Every line the command prints starts with it, as the server's do. */
export const PREFIX = '[export-pdf]';

const STEP_UNITS: Partial<Record<Phase, string>> = {capture: 'pages', render: 'parts'};
const BAR_WIDTH = 24;

type Step = Pick<ExportStatus, 'phase' | 'done' | 'total' | 'queuePosition'>;

/** `capture 40/120 pages`, `render 1/4 parts`, `assemble`, `queued (1 ahead)`. */
export function describeStep(status: Step): string {
  if (status.phase === 'queued') return status.queuePosition ? `queued (${status.queuePosition} ahead)` : 'queued';
  if (status.done === undefined || status.total === undefined) return status.phase;
  const unit = STEP_UNITS[status.phase];
  return `${status.phase} ${status.done}/${status.total}${unit ? ` ${unit}` : ''}`;
}

/**
 * What is exported, how and where: `Exporting fr/current (doc intro) of /site
 * with the native engine to /out/intro.pdf`; docs other than the default
 * instance are named: `fr/sdk/1.0`.
 */
export function startText(fields: {
  locale: string;
  docsPluginId: string;
  version: string;
  subset?: Subset;
  siteDir: string;
  engine: string;
  path: string;
}): string {
  const {subset} = fields;
  const part = subset?.kind === 'doc' ? ` (doc ${subset.doc.id})` : subset ? ` (category ${subset.category.label})` : '';
  const docs = fields.docsPluginId === 'default' ? '' : `${fields.docsPluginId}/`;
  return `Exporting ${fields.locale}/${docs}${fields.version}${part} of ${fields.siteDir} with the ${fields.engine} engine to ${fields.path}`;
}

/** One line of progress for logs: `[export-pdf] capture 40/120 pages (34%)`. */
export function plainProgressLine(status: Step & Pick<ExportStatus, 'percent'>): string {
  return `${PREFIX} ${describeStep(status)} (${status.percent}%)`;
}

/** `12.3 s`, `2 min 05 s`. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * The terminal's progress bar, cut to `columns` so it never wraps (a wrapped
 * line cannot be redrawn in place): `[export-pdf] ████░░░░ 34% capture 40/120 pages · 3.1 s`.
 */
export function progressBarLine(status: Step & Pick<ExportStatus, 'percent'>, elapsedMs: number, columns = 80): string {
  const percent = Math.min(100, Math.max(0, status.percent));
  const filled = Math.round((percent / 100) * BAR_WIDTH);
  const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
  const line = `${PREFIX} ${bar} ${String(percent).padStart(3)}% ${describeStep(status)} · ${formatDuration(elapsedMs)}`;
  return line.length < columns ? line : line.slice(0, Math.max(0, columns - 1));
}

/** What a finished export wrote: `[export-pdf] Wrote /site/book.pdf (1.47 MB, 44 pages) in 5.2 s`. */
export function summaryLine(result: {path: string; fileSize: number; pages?: number; elapsedMs: number}): string {
  const pages = result.pages === undefined ? '' : `, ${result.pages} page${result.pages === 1 ? '' : 's'}`;
  return `${PREFIX} Wrote ${result.path} (${megabytes(result.fileSize)} MB${pages}) in ${formatDuration(result.elapsedMs)}`;
}

/** Why the command failed, with what to do about it on a line of its own. */
export function failureLines(failure: {message: string; detail?: string}): string[] {
  const lines = [`${PREFIX} Error: ${failure.message}`];
  if (failure.detail) lines.push(`${PREFIX} ${failure.detail}`);
  return lines;
}
