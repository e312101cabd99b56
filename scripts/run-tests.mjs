// Runs every test: builds the package and the example site first, so the
// end-to-end tests exercise what a user would run, then type-checks and lints.
// `--unit` skips the builds, the checks and the end-to-end tests.
import {spawnSync} from 'node:child_process';
import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';

const unitOnly = process.argv.includes('--unit');
const root = path.resolve(import.meta.dirname, '..');

function run(command, args) {
  const result = spawnSync(command, args, {cwd: root, stdio: 'inherit'});
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return unitOnly && name === 'e2e' ? [] : testFiles(full);
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
run(process.execPath, [
  '--import',
  'tsx',
  '--test',
  '--test-concurrency=1',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/slowest-files.mjs',
  '--test-reporter-destination=stdout',
  ...testFiles(path.join(root, 'test')).sort(),
]);
