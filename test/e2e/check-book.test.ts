import assert from 'node:assert/strict';
import {execFile, spawn} from 'node:child_process';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {CHECK_IDS, type CheckResult} from '../../scripts/check-book/check-types';
import type {BookReport} from '../../scripts/check-book/report';
import {tempDir} from '../helpers/fixtures';
import {pdfText} from '../helpers/pdf';
import {EXAMPLE_SITE, REPO_ROOT, startServerEntry, type RunningEntry} from '../helpers/server-process';

/** The example site's book as a screen reader reads it (check:book --reading). */
const READING_FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'example-site', 'reading-order.txt');

/** Runs the checker CLI as `npm run check:book` does; resolves with its exit code and output. */
function runChecker(args: string[]): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'check-book', 'run.ts'), ...args],
      {cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 600_000},
      (error, stdout, stderr) => resolve({code: error ? ((error as {code?: number}).code ?? 1) : 0, stdout, stderr}),
    );
  });
}

function describeFailure(result: CheckResult): string {
  const findings = result.findings
    .slice(0, 15)
    .map((finding) => `  ${finding.page === undefined ? '' : `p. ${finding.page}: `}${finding.text}`);
  return [`${result.id}: ${result.figure}`, ...findings].join('\n');
}

describe("check:book on the example site's book, exported through the server entry", {timeout: 600_000}, () => {
  let server: RunningEntry;
  let work: Awaited<ReturnType<typeof tempDir>>;
  let run: {code: number; stdout: string; stderr: string};
  let report: BookReport;
  let reading: string;
  let pdf: string;

  before(async () => {
    server = await startServerEntry('serve');
    work = await tempDir('check-book-e2e');
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=book`, {signal: AbortSignal.timeout(180_000)});
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    const json = path.join(work.dir, 'report.json');
    reading = path.join(work.dir, 'reading.txt');
    pdf = body.pdfPath;
    run = await runChecker(['--site', EXAMPLE_SITE, '--pdf', body.pdfPath, '--json', json, '--reading', reading]);
    console.log(run.stdout);
    report = JSON.parse(await readFile(json, 'utf8'));
  });
  after(async () => {
    await server?.stop();
    await work?.remove();
  });

  it('reads the whole book and every chapter of the site', () => {
    assert.equal(report.chapters, report.checks.find((check) => check.id === 'docs')!.measures.chapters);
    assert.ok(report.pages > 20, `${report.pages} pages`);
    assert.deepEqual(
      report.checks.map((check) => check.id),
      [...CHECK_IDS],
    );
  });

  for (const id of CHECK_IDS) {
    it(`passes the ${id} check`, () => {
      const result = report.checks.find((check) => check.id === id)!;
      assert.ok(result.pass, describeFailure(result));
    });
  }

  it('exits 0, as every check passes', () => {
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, new RegExp(`All ${CHECK_IDS.length} checks pass`));
    assert.match(run.stdout, /\nAccessibility \(the structure tree: tagged PDF\)\nPASS {2}tagged/);
  });

  it("prints a picture GitHub's README convention marks for the light theme, not its dark twin", async () => {
    const actual = await readFile(reading, 'utf8');
    assert.match(actual, /\[Figure: Job states, light\]/);
    assert.doesNotMatch(actual, /Job states, dark/);
  });

  it('prints the pictures an ideal image loads late, not their blurred placeholders, from the build and from a browser', async () => {
    const actual = await readFile(reading, 'utf8');
    // The placeholder is an empty box over a blurred background: it has no alternate text.
    assert.match(actual, /\[Figure: Retry delay panel of the Acme Widgets dashboard\]/);
    assert.match(actual, /\[Figure: Throughput by concurrency, measured on one worker process\]/);
  });

  it('reads, walking the structure tree in order, as the reading-order fixture says, page by page', async () => {
    const actual = await readFile(reading, 'utf8');
    if (process.env.UPDATE_FIXTURES === '1') await writeFile(READING_FIXTURE, actual);
    const expected = await readFile(READING_FIXTURE, 'utf8');
    const [got, want] = [actual.split('\n'), expected.split('\n')];
    const first = got.findIndex((line, index) => line !== want[index]);
    assert.ok(
      first < 0 && got.length === want.length,
      `line ${first + 1} reads ${JSON.stringify(got[first])}, the fixture has ${JSON.stringify(want[first])}. ` +
        'If the example site changed on purpose, run this test with UPDATE_FIXTURES=1 and review the diff of the fixture.',
    );
  });

  it('passes every check on the right-to-left (Arabic) book too: margins, TOC read from the left, heading destinations', async () => {
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=book-ar&locale=ar`, {signal: AbortSignal.timeout(180_000)});
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    const json = path.join(work.dir, 'report-ar.json');
    const arabic = await runChecker(['--site', EXAMPLE_SITE, '--pdf', body.pdfPath, '--locale', 'ar', '--json', json]);
    const failed = (JSON.parse(await readFile(json, 'utf8')) as BookReport).checks.filter((check) => !check.pass);
    assert.deepEqual(failed.map(describeFailure), [], arabic.stdout);
    assert.equal(arabic.code, 0);
  });

  it('finds a part page before the first doc of each top-level category without a page', () => {
    const docs = report.checks.find((check) => check.id === 'docs')!;
    // Reference, Advanced and Appendix (example-site/sidebars.ts); a category with a page opens it instead.
    assert.deepEqual([docs.measures.parts, docs.measures.partsMissing], [3, 0], docs.figure);
  });

  it("passes every check on a docs instance's book with a second sidebar, whose part has its first doc's title", async () => {
    const query = 'fileName=book-sdk&docsPluginId=sdk&version=current';
    const response = await fetch(`${server.apiUrl}/export-pdf?${query}`, {signal: AbortSignal.timeout(180_000)});
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    const json = path.join(work.dir, 'report-sdk.json');
    const sdk = await runChecker([
      '--site',
      EXAMPLE_SITE,
      '--pdf',
      body.pdfPath,
      '--docs-plugin',
      'sdk',
      '--version',
      'current',
      '--json',
      json,
    ]);
    const checks = (JSON.parse(await readFile(json, 'utf8')) as BookReport).checks;
    assert.deepEqual(checks.filter((check) => !check.pass).map(describeFailure), [], sdk.stdout);
    const docs = checks.find((check) => check.id === 'docs')!;
    // Its API reference, TypeDoc's Markdown (sdk-api/index.d.ts): 8 chapters after the 2 guides.
    assert.deepEqual([docs.measures.chapters, docs.measures.parts, docs.measures.partsMissing], [11, 1, 0], docs.figure);
    // TypeDoc's headings escape Markdown (`# Interface: Job\<Data\>`): the running header reads as the page does.
    const text = await pdfText(body.pdfPath);
    assert.match(text, /Interface: Job<Data>/);
    assert.doesNotMatch(text, /Job\\</);
  });

  it('stops on SIGTERM while it renders pages, with exit code 143', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'check-book', 'run.ts'), '--site', EXAMPLE_SITE, '--pdf', pdf],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    let stopping = false;
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      // Its browser is up once it renders pages: stop it there, as `timeout` would.
      if (/rendered|reading text/.test(stderr) && !stopping) {
        stopping = true;
        child.kill('SIGTERM');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    assert.equal(code, 143, stderr);
    assert.match(stderr, /stopped by SIGTERM/);
  });
});
