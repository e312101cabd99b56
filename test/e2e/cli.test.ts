import assert from 'node:assert/strict';
import {execFile, spawn, type ChildProcess} from 'node:child_process';
import {readdir, stat} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {promisify} from 'node:util';
import {tempDir} from '../helpers/fixtures';
import {pdfText} from '../helpers/pdf';
import {exportBrowserPids, scratchDirs} from '../helpers/processes';
import {EXAMPLE_SITE, REPO_ROOT} from '../helpers/server-process';

const DOCUSAURUS = path.join(REPO_ROOT, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
/** Variables the command reads; the test's own environment must not choose for it. */
const COMMAND_VARIABLES = ['DOCS_PATH', 'DOCS_DIR', 'EXPORT_ENGINE', 'EXPORT_TIMEOUT_MS', 'PRINT_CACHE_DIR'];

type CommandRun = {code: number | null; pid: number; stdout: string; stderr: string; output: string};

/** `docusaurus export-pdf …` in the example site, as a user types it; stdout and stderr are pipes, as in CI. */
function startExportPdf(args: string[]): {child: ChildProcess; output: () => string; done: Promise<CommandRun>} {
  const env = {...process.env};
  for (const name of COMMAND_VARIABLES) delete env[name];
  // A print cache of the suite's own: with the site's, a second run of the tests reuses the whole
  // book the first one printed, and prints nothing.
  env.PRINT_CACHE_DIR = printCache.dir;
  const child = spawn(process.execPath, [DOCUSAURUS, 'export-pdf', ...args], {cwd: EXAMPLE_SITE, env, stdio: ['ignore', 'pipe', 'pipe']});
  const run = {pid: child.pid!, stdout: '', stderr: '', output: ''};
  child.stdout!.on('data', (chunk: Buffer) => ((run.stdout += chunk), (run.output += chunk)));
  child.stderr!.on('data', (chunk: Buffer) => ((run.stderr += chunk), (run.output += chunk)));
  // A guard against a hung command, not a time limit: an export on a busy two-core machine took over 50 s.
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const done = new Promise<CommandRun>((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({...run, code});
    }),
  );
  return {child, output: () => run.output, done};
}

function exportPdf(...args: string[]): Promise<CommandRun> {
  return startExportPdf(args).done;
}

/** Nothing of the command is left: no Chromium, no scratch directory, no part file. */
async function assertCleanedUp(run: CommandRun, expectedFiles: string[]): Promise<void> {
  assert.deepEqual(exportBrowserPids(run.pid), [], 'Chromium is gone');
  assert.deepEqual(scratchDirs(run.pid), [], 'no scratch directory left');
  assert.deepEqual((await readdir(out.dir)).sort(), expectedFiles.sort(), 'no part file left');
}

let out: Awaited<ReturnType<typeof tempDir>>;
let printCache: Awaited<ReturnType<typeof tempDir>>;

async function pdfInfo(file: string): Promise<{pages: number; title: string}> {
  const {stdout} = await promisify(execFile)('pdfinfo', [file]);
  return {pages: Number(/^Pages:\s+(\d+)$/m.exec(stdout)?.[1]), title: /^Title:\s+(.*)$/m.exec(stdout)?.[1] ?? ''};
}

// The whole suite: eight CLI runs, 120 s in all at four test files at a time on two cores.
describe('docusaurus export-pdf', {timeout: 600_000}, () => {
  before(async () => {
    out = await tempDir('export-pdf-cli');
    printCache = await tempDir('export-pdf-cli-cache');
  });
  after(async () => {
    await out.remove();
    await printCache.remove();
  });

  it('exports the built site to --out, with plain progress lines in a log, and cleans up', async () => {
    const file = path.join(out.dir, 'book.pdf');
    const run = await exportPdf('--out', file);
    assert.equal(run.code, 0, run.output);

    const info = await pdfInfo(file);
    assert.ok(info.pages > 30, `${info.pages} pages`);
    assert.equal(info.title, 'Acme Widgets');

    const lines = run.output.trimEnd().split('\n');
    assert.ok(
      lines.every((line) => line.startsWith('[export-pdf] ')),
      run.output,
    );
    assert.doesNotMatch(run.output, /\r|\x1b\[/, 'no bar drawing in a log');
    assert.match(lines[0]!, /^\[export-pdf\] Exporting en\/current of .*example-site with the native engine to .*book\.pdf$/);
    const capture = lines.findIndex((line) => /^\[export-pdf\] capture \d+\/\d+ pages \(\d+%\)$/.test(line));
    const render = lines.findIndex((line) => /^\[export-pdf\] render \d+\/\d+ parts \(\d+%\)$/.test(line));
    assert.ok(capture > 0 && render > capture, run.output);
    assert.ok(lines.length < 20, `a line per phase, not per page:\n${run.output}`);
    const {size} = await stat(file);
    assert.equal(lines.at(-1), run.stdout.trimEnd(), 'the summary is the last line, and the only one on stdout');
    assert.equal(
      // Under a minute "in 41.3 s", past one "in 1 min 05 s" (progress-text.ts).
      lines.at(-1)!.replace(/ in (\d+\.\d|\d+ min \d\d) s$/, ' in …'),
      `[export-pdf] Wrote ${file} (${(size / 2 ** 20).toFixed(2)} MB, ${info.pages} pages) in …`,
    );

    await assertCleanedUp(run, ['book.pdf']);
  });

  it('exports one doc of the French site', async () => {
    const file = path.join(out.dir, 'intro-fr.pdf');
    const run = await exportPdf('--locale', 'fr', '--doc', 'intro', '--out', file);
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /Exporting fr\/current \(doc intro\)/);
    const {pages} = await pdfInfo(file);
    assert.ok(pages < 8, `${pages} pages`);
    const text = await pdfText(file);
    assert.match(text, /file de tâches de poche/);
    assert.doesNotMatch(text, /pocket-sized task queue/);
  });

  it('exports the lastVersion of another docs plugin instance when no version is given', async () => {
    const file = path.join(out.dir, 'sdk.pdf');
    const run = await exportPdf('--docs-plugin', 'sdk', '--out', file);
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /Exporting en\/sdk\/1\.0 of/);
    const text = (await pdfText(file)).replace(/\s+/g, ' ');
    assert.match(text, /the 1\.0 release, the stable one/);
    assert.doesNotMatch(text, /next release/);
    assert.match(text, /Version 1\.0/, 'the cover names the version of versioned docs');
  });

  it('refuses an unknown docs plugin, naming the known ones, and writes nothing', async () => {
    const run = await exportPdf('--docs-plugin', 'api', '--out', path.join(out.dir, 'api.pdf'));
    assert.equal(run.code, 2, run.output);
    assert.equal(run.stderr, '[export-pdf] Error: Unknown docs plugin "api"\n[export-pdf] This site has: default, sdk.\n');
  });

  it("fails past --timeout with the API's error and its detail, and leaves nothing behind", async () => {
    const run = await exportPdf('--timeout', '1000', '--out', path.join(out.dir, 'late.pdf'));
    assert.equal(run.code, 1, run.output);
    assert.match(
      run.stderr,
      /\[export-pdf\] Error: Export command failed\n\[export-pdf\] The native engine did not finish within 1 s and was stopped\.\n$/,
    );
    await assertCleanedUp(run, ['book.pdf', 'intro-fr.pdf', 'sdk.pdf']);
  });

  it('stops on SIGINT during the export and leaves nothing behind', async () => {
    const started = startExportPdf(['--out', path.join(out.dir, 'stopped.pdf')]);
    while (!/capture \d+\/\d+ pages/.test(started.output())) {
      assert.equal(started.child.exitCode, null, started.output());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    started.child.kill('SIGINT');
    const run = await started.done;
    assert.equal(run.code, 130, run.output);
    assert.match(run.stderr, /\[export-pdf\] Error: Stopped by SIGINT\n\[export-pdf\] The export was aborted; no file was written\.\n$/);
    await assertCleanedUp(run, ['book.pdf', 'intro-fr.pdf', 'sdk.pdf']);
  });

  it('refuses an unknown locale, naming the known ones, and writes nothing', async () => {
    const file = path.join(out.dir, 'xx.pdf');
    const run = await exportPdf('--locale', 'xx', '--out', file);
    assert.equal(run.code, 2, run.output);
    assert.equal(run.stderr, '[export-pdf] Error: Unknown locale "xx"\n[export-pdf] This site has: ar, en, fr.\n');
    await assert.rejects(stat(file));
  });

  it('refuses --out into a missing directory', async () => {
    const missing = path.join(out.dir, 'missing');
    const run = await exportPdf('--out', path.join(missing, 'book.pdf'));
    assert.equal(run.code, 2, run.output);
    assert.match(run.stderr, new RegExp(`^\\[export-pdf\\] Error: The directory of --out does not exist: ${missing}\n`));
    await assert.rejects(stat(missing));
  });
});
