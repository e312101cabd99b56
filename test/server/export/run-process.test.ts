import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {runProcess} from '../../../server/export/run-process';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !alive(pid);
}

// A parent that, like Puppeteer with Chromium, starts a child in a process group of its own.
const PARENT_WITH_DETACHED_CHILD = `
const {spawn} = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {detached: true, stdio: 'ignore'});
console.log('grandchild ' + child.pid);
setInterval(() => {}, 1000);
`;

describe('runProcess', () => {
  it('reports the exit code and the last lines of output', async () => {
    const outcome = await runProcess(process.execPath, ['-e', 'console.log("one"); console.error("Error: two"); process.exit(3)'], {
      env: process.env,
      timeoutMs: 10_000,
    });
    assert.equal(outcome.code, 3);
    assert.equal(outcome.timedOut, false);
    assert.deepEqual(outcome.lastLines.sort(), ['Error: two', 'one']);
  });

  it('passes arguments verbatim, with no shell in between', async () => {
    const tricky = '$(touch /tmp/should-not-exist) ; echo "x" && `id`';
    const outcome = await runProcess(process.execPath, ['-e', 'console.log(process.argv[1])', tricky], {
      env: process.env,
      timeoutMs: 10_000,
    });
    assert.deepEqual(outcome.lastLines, [tricky]);
  });

  it('kills the whole tree at the deadline, a child in its own process group included', async () => {
    const lines: string[] = [];
    const started = Date.now();
    const outcome = await runProcess(process.execPath, ['-e', PARENT_WITH_DETACHED_CHILD], {
      env: process.env,
      timeoutMs: 1500,
      onLine: (line) => lines.push(line),
    });
    assert.equal(outcome.timedOut, true);
    assert.equal(outcome.signal, 'SIGKILL');
    assert.ok(Date.now() - started < 5000);
    const grandchild = Number(lines.find((line) => line.startsWith('grandchild'))?.split(' ')[1]);
    assert.ok(grandchild > 0, 'the grandchild reported its pid');
    assert.ok(await waitUntilGone(grandchild), 'the detached grandchild is gone too');
  });

  it('kills the tree when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const outcome = await runProcess(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      env: process.env,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    assert.equal(outcome.aborted, true);
    assert.equal(outcome.timedOut, false);
  });

  it('rejects when the command cannot start', async () => {
    await assert.rejects(runProcess('/nonexistent/binary', [], {env: process.env, timeoutMs: 1000}), /ENOENT/);
  });

  it('hands over whole lines, even one written in two chunks with a pause between them', async () => {
    const lines: string[] = [];
    const outcome = await runProcess(
      process.execPath,
      ['-e', "process.stdout.write('Start gen'); setTimeout(() => process.stdout.write('erating PDF\\nlast line without newline'), 200);"],
      {env: process.env, timeoutMs: 10_000, onLine: (line) => lines.push(line)},
    );
    assert.equal(outcome.code, 0);
    assert.deepEqual(lines, ['Start generating PDF', 'last line without newline']);
  });
});
