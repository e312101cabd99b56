import type {ServerLine} from './server-process';

/** A line the exporter wrote about one export: `[export-pdf] [export <jobId>] <message>`. */
export type JobLine = {at: number; jobId: string; message: string};

export type PhaseTimes = {
  /** Phase durations in ms, by column name. */
  phasesMs: Record<string, number>;
  /** Other numbers an engine reported (e.g. `pages=321`), or counted from its lines. */
  counters: Record<string, number>;
  /** Where the phases came from. */
  source: 'engine phases line' | 'docs-to-pdf log lines' | 'none';
};

const JOB_LINE = /^\[export-pdf\] \[export ([^\]]+)\] (.*)$/;

export function parseJobLine({at, text}: ServerLine): JobLine | undefined {
  const match = JOB_LINE.exec(text);
  return match ? {at, jobId: match[1], message: match[2]} : undefined;
}

/** The exporter's first line of a job names its file: `<fileName>: <locale>/<version> from <path>…`. */
export function isJobStart(line: JobLine, fileName: string): boolean {
  return line.message.startsWith(`${fileName}: `);
}

/** The engine a job line names, as `engine <name>` alone or at the end of the first line. */
export function engineNamed(message: string): string | undefined {
  return /(?:^|, )engine (\S+)$/.exec(message)?.[1];
}

/** `phases discover=12ms capture=3400ms … pages=321`: every `key=<n>ms` is a phase, other `key=<n>` a counter. */
function fromPhasesLine(lines: JobLine[]): PhaseTimes | undefined {
  const line = lines.find((candidate) => /^phases\b/.test(candidate.message));
  if (!line) return undefined;
  const times: PhaseTimes = {phasesMs: {}, counters: {}, source: 'engine phases line'};
  for (const [, key, value, unit] of line.message.matchAll(/([A-Za-z][\w-]*)=(\d+(?:\.\d+)?)(ms)?(?=\s|,|$)/g)) {
    if (unit) times.phasesMs[key] = Number(value);
    else times.counters[key] = Number(value);
  }
  return times;
}

/** console-stamp's prefix on every docs-to-pdf line: `[22.11.2026 08:01.30.469] [LOG]   `. */
function withoutStamp(message: string): string {
  return message.replace(/^\[[^\]]*\]\s*\[[A-Z]+\]\s*/, '').trim();
}

/**
 * docs-to-pdf 1.1.0 (lib/core.js) logs one line as each step begins; a phase lasts from its
 * line to the next phase's line. Column names follow the native engine's where the work is
 * the same: its crawl captures the docs, its print renders the PDF.
 */
const DOCS_TO_PDF_MARKS: Array<{column: string; starts: (text: string) => boolean}> = [
  {column: 'launch', starts: (text) => text.startsWith('Using Chromium from')},
  {column: 'capture', starts: (text) => text.startsWith('Retrieving html from')},
  {column: 'assemble', starts: (text) => text === 'Start generating PDF...'},
  {column: 'scroll', starts: (text) => text === 'Scroll to the bottom of the page...'},
  {column: 'render', starts: (text) => text === 'Generate PDF...'},
  {column: 'close', starts: (text) => text.startsWith('PDF generated at')},
  {column: 'end', starts: (text) => text === 'Browser closed'},
];

export const DOCS_TO_PDF_LEGEND =
  'docs-to-pdf reports no phases: they are derived from the times its log lines reached the runner, and ' +
  "named like the native engine's where the work is the same (its crawl is shown as capture, its print as " +
  'render). launch = "Using Chromium from" → first ' +
  '"Retrieving html from"; capture = its crawl (first "Retrieving html from" → "Start generating PDF..."); ' +
  'assemble = cover, TOC and joining the docs into one page ("Start generating PDF..." → "Scroll to the bottom ' +
  'of the page..."); scroll = its autoscroll (→ "Generate PDF..."); render = its print, page.pdf (→ "PDF ' +
  'generated at"); close = closing Chromium (→ "Browser closed").';

function fromDocsToPdfLines(lines: JobLine[]): PhaseTimes | undefined {
  const firstAt = new Map<string, number>();
  let visited = 0;
  for (const line of lines) {
    const text = withoutStamp(line.message);
    if (text.startsWith('Retrieving html from')) visited += 1;
    const mark = DOCS_TO_PDF_MARKS.find((candidate) => candidate.starts(text));
    if (mark && !firstAt.has(mark.column)) firstAt.set(mark.column, line.at);
  }
  if (firstAt.size === 0) return undefined;
  const times: PhaseTimes = {phasesMs: {}, counters: {docsRetrieved: visited}, source: 'docs-to-pdf log lines'};
  DOCS_TO_PDF_MARKS.forEach((mark, index) => {
    const start = firstAt.get(mark.column);
    const next = DOCS_TO_PDF_MARKS.slice(index + 1).find((later) => firstAt.has(later.column));
    if (start !== undefined && next && mark.column !== 'end') {
      times.phasesMs[mark.column] = Math.round(firstAt.get(next.column)! - start);
    }
  });
  return times;
}

export function phaseTimes(lines: JobLine[]): PhaseTimes {
  return fromPhasesLine(lines) ?? fromDocsToPdfLines(lines) ?? {phasesMs: {}, counters: {}, source: 'none'};
}

/** Order of phase columns in the report; others follow in order of appearance. */
export const PHASE_ORDER = ['launch', 'discover', 'capture', 'assemble', 'scroll', 'render', 'merge', 'close'];
