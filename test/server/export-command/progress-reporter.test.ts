import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {ExportStatus} from '../../../contracts/api';
import {ProgressReporter} from '../../../server/export-command/progress-reporter';

function status(fields: Partial<ExportStatus>): ExportStatus {
  return {
    id: '1-ab',
    clientIds: [],
    fileName: 'book.pdf',
    locale: 'en',
    docsPluginId: 'default',
    version: 'current',
    state: 'running',
    phase: 'capture',
    percent: 0,
    queuedAt: '2026-11-22T10:00:00.000Z',
    elapsedMs: 0,
    ...fields,
  };
}

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return {writes, stream: {isTTY, columns: 120, write: (text: string) => writes.push(text)}};
}

describe('ProgressReporter in a log', () => {
  it('prints a line per phase and at most one more per interval within a phase', () => {
    let now = 0;
    const {writes, stream} = fakeStream(false);
    const reporter = new ProgressReporter({stream, plainIntervalMs: 5000, now: () => now});
    reporter.update(status({state: 'queued', phase: 'queued'}));
    reporter.update(status({phase: 'discover', percent: 1}));
    for (let done = 0; done <= 20; done++) {
      now += 500;
      reporter.update(status({phase: 'capture', done, total: 20, percent: 1 + done}));
    }
    now += 100;
    reporter.update(status({phase: 'render', done: 0, total: 4, percent: 30}));
    reporter.update(status({phase: 'render', done: 1, total: 4, percent: 45}));
    reporter.update(status({phase: 'write', percent: 99}));
    reporter.update(status({state: 'done', phase: 'done', percent: 100}));
    reporter.finish();
    assert.deepEqual(writes, [
      '[export-pdf] discover (1%)\n',
      '[export-pdf] capture 0/20 pages (1%)\n',
      '[export-pdf] capture 10/20 pages (11%)\n',
      '[export-pdf] capture 20/20 pages (21%)\n',
      '[export-pdf] render 0/4 parts (30%)\n',
      '[export-pdf] write (99%)\n',
    ]);
  });

  it('prints log lines as they come, with the prefix', () => {
    const {writes, stream} = fakeStream(false);
    const reporter = new ProgressReporter({stream});
    reporter.log('engine native');
    reporter.finish();
    assert.deepEqual(writes, ['[export-pdf] engine native\n']);
  });
});

describe('ProgressReporter on a terminal', () => {
  it('redraws one line in place and clears it when finished', () => {
    const {writes, stream} = fakeStream(true);
    const reporter = new ProgressReporter({stream, now: () => 0});
    reporter.update(status({phase: 'capture', done: 5, total: 20, percent: 8}));
    reporter.update(status({phase: 'capture', done: 6, total: 20, percent: 9}));
    reporter.finish();
    reporter.update(status({phase: 'render', done: 1, total: 4, percent: 50}));
    assert.equal(writes.length, 3);
    assert.match(writes[0]!, /^\r\[export-pdf\] █*░+ +8% capture 5\/20 pages · 0\.0 s\x1b\[K$/);
    assert.match(writes[1]!, /^\r.* 9% capture 6\/20 pages/);
    assert.equal(writes[2], '\r\x1b[K', 'nothing is drawn after finish');
  });

  it('clears the bar for a log line and draws it again below', () => {
    const {writes, stream} = fakeStream(true);
    const reporter = new ProgressReporter({stream, now: () => 0});
    reporter.update(status({phase: 'render', done: 1, total: 4, percent: 50}));
    reporter.log('Chromium started');
    reporter.finish();
    assert.deepEqual(writes.slice(1, 3), ['\r\x1b[K', '[export-pdf] Chromium started\n']);
    assert.match(writes[3]!, /^\r.*render 1\/4 parts/);
  });

  it('moves its clock while nothing happens', async () => {
    const {writes, stream} = fakeStream(true);
    const reporter = new ProgressReporter({stream, tickMs: 10});
    reporter.update(status({phase: 'render', done: 0, total: 1, percent: 30}));
    await new Promise((resolve) => setTimeout(resolve, 60));
    reporter.finish();
    assert.ok(writes.length >= 3, `redrawn ${writes.length} times`);
  });
});
