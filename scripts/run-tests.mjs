// Runs every test: builds the package and the example site first, so the
// end-to-end tests exercise what a user would run, then type-checks and lints.
// `--unit` skips the builds, the checks and the end-to-end tests (test/e2e, test/builds).
//
// Test files run side by side, TEST_CONCURRENCY at a time (default: two per core, at most eight;
// a 24 GB machine holds a Chromium or a site build in each): every file owns its ports, print
// caches, documents, copies of sites and Redis (docs/testing.md), and much of an end-to-end file's
// time is spent waiting on a browser, a server or npm, not on the processor. Node starts the files
// in the order of their paths, whatever order they are given in: test/builds, the files that build
// whole sites (minutes each), sorts first, so none of them is left running alone at the end, and
// the many short unit files (test/plugin, test/server, …) come last and fill the lanes.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs';
import {availableParallelism, tmpdir} from 'node:os';
import path from 'node:path';

const unitOnly = process.argv.includes('--unit');
const END_TO_END = new Set(['e2e', 'builds']);
const root = path.resolve(import.meta.dirname, '..');
const concurrency = process.env.TEST_CONCURRENCY ?? String(Math.min(8, 2 * availableParallelism()));
if (!/^[1-9]\d?$/.test(concurrency)) {
  console.error(`TEST_CONCURRENCY must be a whole number from 1 to 99, got "${concurrency}"`);
  process.exit(2);
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, {cwd: root, stdio: 'inherit', env});
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return unitOnly && END_TO_END.has(name) ? [] : testFiles(full);
    return name.endsWith('.test.ts') ? [path.relative(root, full)] : [];
  });
}

if (!unitOnly) {
  run('npm', ['run', 'build']);
  // tsx strips types without checking them; the tests are checked here.
  run('npm', ['run', 'typecheck']);
  // ESLint, Prettier and the import rules (.dependency-cruiser.cjs).
  run('npm', ['run', 'lint']);
}
// What the test files of this run share (test/helpers/packed-package.ts: one tarball), removed
// after it: nothing one run leaves is found by the next.
const runDir = mkdtempSync(path.join(tmpdir(), 'export-pdf-test-run-'));
process.on('exit', () => rmSync(runDir, {recursive: true, force: true}));
run(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/slowest-files.mjs',
    '--test-reporter-destination=stdout',
    ...testFiles(path.join(root, 'test')),
  ],
  // TEST_BUILT_LIB: lib/ was compiled from this working tree moments ago, so packing it need not compile it again.
  {...process.env, TEST_RUN_DIR: runDir, ...(unitOnly ? {} : {TEST_BUILT_LIB: '1'})},
);
