// A test reporter (node --test-reporter) that prints, once the run ends, the ten test files that
// took longest, and the run's wall time: where the suite's time goes, for whoever wants it shorter.
import path from 'node:path';

const SHOWN = 10;

export default async function* slowestFiles(source) {
  const started = Date.now();
  const byFile = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const {file, nesting, details} = event.data;
    // A file's top-level tests and suites run one after another: their durations add up to the file's.
    if (nesting !== 0 || !file) continue;
    byFile.set(file, (byFile.get(file) ?? 0) + (details?.duration_ms ?? 0));
  }
  if (byFile.size === 0) return;
  const relative = (file) => path.relative(process.cwd(), file);
  const slowest = [...byFile].sort(([, a], [, b]) => b - a).slice(0, SHOWN);
  const total = [...byFile.values()].reduce((sum, ms) => sum + ms, 0);
  const wall = (Date.now() - started) / 1000;
  yield `\nSlowest ${slowest.length} of ${byFile.size} test files (${(total / 1000).toFixed(0)} s of file time in ${wall.toFixed(0)} s):\n`;
  for (const [file, ms] of slowest) {
    yield `${(ms / 1000).toFixed(1).padStart(8)} s  ${relative(file)}\n`;
  }
}
