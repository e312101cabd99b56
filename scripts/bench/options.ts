import {EXAMPLE, type SiteSize} from './site-size';

export type BenchOptions = {
  sizes: SiteSize[];
  engines: string[];
  runs: number;
  /** Runs allowed for docs-to-pdf on sites of SLOW_SITE_DOCS docs or more. */
  slowRuns: number;
  timeoutMs: number;
  keepPdfs: boolean;
  /** Worker counts of the job-queue scenario (`--workers`); set, the bench measures only that. */
  workers?: number[];
};

/** Exports the job-queue scenario queues at once, and the site it measures unless --sizes says otherwise. */
export const QUEUED_EXPORTS = 6;
export const WORKERS_SITE_DOCS = 300;

/** From this many docs on, one docs-to-pdf export takes more than ten minutes. */
export const SLOW_SITE_DOCS = 300;

export const USAGE = `Usage: npm run bench -- [flags]

  --sizes example,100,300,1000 sites, in this order: "example" is the example site
                               (example-site/, built when its build is missing), a number a
                               synthetic site of that many docs (generated and built when needed)
  --engines native,native-untagged,docs-to-pdf
                               export engines to compare (EXPORT_ENGINE of the server);
                               native-untagged is native with EXPORT_TAGGED=false,
                               native-render-1 is native with RENDER_CONCURRENCY=1
  --runs 3                     exports in a row per engine and size, on one server
  --slow-runs 1                runs of docs-to-pdf on sites of ${SLOW_SITE_DOCS}+ docs
  --timeout-ms 600000          EXPORT_TIMEOUT_MS, the deadline of one export
  --keep-pdfs                  keep the PDFs (their directory is printed) instead of deleting them
  --workers 1,2                only the job-queue scenario: one API and that many workers on a
                               redis-server of their own, ${QUEUED_EXPORTS} exports queued at once (no print
                               cache), on the ${WORKERS_SITE_DOCS}-doc site unless --sizes says otherwise
  --help                       this text`;

const DEFAULTS: BenchOptions = {
  sizes: [EXAMPLE, 100, 300, 1000],
  engines: ['native', 'native-untagged', 'native-render-1', 'docs-to-pdf'],
  runs: 3,
  slowRuns: 1,
  timeoutMs: 600_000,
  keepPdfs: false,
};

function positiveInteger(flag: string, raw: string | undefined, max: number): number {
  const value = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || value < 1 || value > max) {
    throw new Error(`${flag} takes a whole number from 1 to ${max}, got ${raw === undefined ? 'nothing' : `"${raw}"`}`);
  }
  return value;
}

const MAX_DOCS = 100_000;

function siteSize(flag: string, raw: string): SiteSize {
  if (raw === EXAMPLE) return EXAMPLE;
  const docs = Number(raw);
  if (!/^\d+$/.test(raw) || docs < 1 || docs > MAX_DOCS) {
    throw new Error(`${flag} takes "${EXAMPLE}" or a number of docs from 1 to ${MAX_DOCS}, got "${raw}"`);
  }
  return docs;
}

function list(flag: string, raw: string | undefined): string[] {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new Error(`${flag} takes a comma-separated list`);
  return [...new Set(items)];
}

/** Returns undefined for --help. */
export function parseOptions(argv: string[]): BenchOptions | undefined {
  const options = {...DEFAULTS};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        return undefined;
      case '--sizes':
        options.sizes = [...new Set(list(flag, value()).map((size) => siteSize(flag, size)))];
        break;
      case '--engines':
        options.engines = list(flag, value());
        break;
      case '--runs':
        options.runs = positiveInteger(flag, value(), 100);
        break;
      case '--slow-runs':
        options.slowRuns = positiveInteger(flag, value(), 100);
        break;
      case '--timeout-ms':
        options.timeoutMs = positiveInteger(flag, value(), 24 * 60 * 60 * 1000);
        if (options.timeoutMs < 1000) throw new Error('--timeout-ms must be at least 1000 (the server refuses less)');
        break;
      case '--keep-pdfs':
        options.keepPdfs = true;
        break;
      case '--workers':
        options.workers = [...new Set(list(flag, value()).map((count) => positiveInteger(flag, count, 16)))];
        break;
      default:
        throw new Error(`Unknown argument: ${arg}`);
    }
  }
  if (options.workers && !argv.some((arg) => arg === '--sizes' || arg.startsWith('--sizes='))) options.sizes = [WORKERS_SITE_DOCS];
  return options;
}

/** How many exports one engine gets on a site of that size (the example site is a small one). */
export function runsFor(options: BenchOptions, engine: string, size: SiteSize): number {
  const slow = size !== EXAMPLE && size >= SLOW_SITE_DOCS;
  return engine === 'docs-to-pdf' && slow ? Math.min(options.runs, options.slowRuns) : options.runs;
}
