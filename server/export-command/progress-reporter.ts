import type {Phase} from '../../contracts/progress';
import type {ExportStatus} from '../../contracts/api';
import {PREFIX, plainProgressLine, progressBarLine} from './progress-text';

/** The stream progress goes to; `isTTY` and `columns` are what a terminal adds. */
export type ProgressStream = {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
};

export type ProgressReporterOptions = {
  stream: ProgressStream;
  /** Least time between two plain lines of one phase. */
  plainIntervalMs?: number;
  /** How often the terminal bar is redrawn when nothing happens, so its clock moves. */
  tickMs?: number;
  now?: () => number;
};

/** Phases the summary or the error message speak for. */
const UNREPORTED_PHASES = new Set<Phase>(['queued', 'done', 'failed']);

/**
 * Shows an export's progress: on a terminal, one bar redrawn in place; in a
 * log (CI, a pipe), a plain line per phase and at most one more per interval,
 * since a log keeps every line and a bar's carriage returns turn into noise there.
 */
export class ProgressReporter {
  readonly #stream: ProgressStream;
  readonly #interactive: boolean;
  readonly #plainIntervalMs: number;
  readonly #now: () => number;
  readonly #startedAt: number;
  #latest?: ExportStatus;
  #printed?: {phase: string; at: number};
  #barShown = false;
  #finished = false;
  #ticker?: NodeJS.Timeout;

  constructor(options: ProgressReporterOptions) {
    this.#stream = options.stream;
    this.#interactive = options.stream.isTTY === true;
    this.#plainIntervalMs = options.plainIntervalMs ?? 5000;
    this.#now = options.now ?? Date.now;
    this.#startedAt = this.#now();
    if (this.#interactive) {
      this.#ticker = setInterval(() => this.#drawBar(), options.tickMs ?? 1000);
      this.#ticker.unref();
    }
  }

  /** A status board listener. */
  readonly update = (status: ExportStatus): void => {
    if (UNREPORTED_PHASES.has(status.phase)) return;
    this.#latest = status;
    if (this.#interactive) {
      this.#drawBar();
      return;
    }
    const now = this.#now();
    const printed = this.#printed;
    if (printed && printed.phase === status.phase && now - printed.at < this.#plainIntervalMs) return;
    this.#printed = {phase: status.phase, at: now};
    this.#stream.write(`${plainProgressLine(status)}\n`);
  };

  /** A line of its own (the engine's log) that must not be drawn over. */
  log(line: string): void {
    this.#clearBar();
    this.#stream.write(`${PREFIX} ${line}\n`);
    this.#drawBar();
  }

  /** Stops redrawing and clears the bar, so what follows starts on a clean line. */
  finish(): void {
    this.#finished = true;
    clearInterval(this.#ticker);
    this.#ticker = undefined;
    this.#clearBar();
  }

  #drawBar(): void {
    if (!this.#interactive || this.#finished || !this.#latest) return;
    const line = progressBarLine(this.#latest, this.#now() - this.#startedAt, this.#stream.columns);
    this.#stream.write(`\r${line}\x1b[K`);
    this.#barShown = true;
  }

  #clearBar(): void {
    if (!this.#barShown) return;
    this.#stream.write('\r\x1b[K');
    this.#barShown = false;
  }
}
