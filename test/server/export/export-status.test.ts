import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {progressIn, type ProgressPlan} from '../../../server/export/engine';
import type {ExportStatus} from '../../../contracts/api';
import {ExportStatusBoard} from '../../../server/export/export-status';

function board(options: {keepFinished?: number} = {}) {
  let now = 1_000_000;
  const events: ExportStatus[] = [];
  const statuses = new ExportStatusBoard({...options, progressIntervalMs: 100, now: () => now});
  statuses.subscribe((status) => events.push(status));
  return {statuses, events, advance: (ms: number) => (now += ms)};
}

const fields = (fileName: string, clientId?: string) => ({fileName, locale: 'en', docsPluginId: 'default', version: 'current', clientId});

describe('progressIn', () => {
  const plan: ProgressPlan = [
    {phase: 'capture', weight: 1},
    {phase: 'render', weight: 3},
  ];

  it('places a phase and its steps within the whole', () => {
    assert.equal(progressIn(plan, 'capture').percent, 0);
    assert.equal(progressIn(plan, 'capture', 1, 2).percent, 12.5);
    assert.equal(progressIn(plan, 'render', 0, 4).percent, 25);
    assert.equal(progressIn(plan, 'render', 4, 4).percent, 100);
    assert.deepEqual(progressIn(plan, 'render', 2, 4), {phase: 'render', done: 2, total: 4, percent: 62.5});
  });

  it('keeps steps past the total, or a phase the plan lacks, inside 0–100', () => {
    assert.equal(progressIn(plan, 'render', 9, 4).percent, 100);
    assert.equal(progressIn(plan, 'discover').percent, 0);
  });
});

describe('ExportStatusBoard', () => {
  it('reports queue positions that move as exports start and finish', () => {
    const {statuses} = board();
    statuses.queued('a', fields('a.pdf'));
    statuses.queued('b', fields('b.pdf'));
    statuses.queued('c', fields('c.pdf'));
    statuses.started('a');
    assert.deepEqual(
      statuses.list().map((status) => [status.id, status.state, status.queuePosition]),
      [
        ['a', 'running', 0],
        ['b', 'queued', 1],
        ['c', 'queued', 2],
      ],
    );
    statuses.succeeded('a', {fileSize: 2_500_000});
    statuses.started('b');
    assert.deepEqual(
      statuses.list().map((status) => [status.id, status.state, status.queuePosition]),
      [
        ['b', 'running', 0],
        ['c', 'queued', 1],
        ['a', 'done', undefined],
      ],
    );
  });

  it('tells waiting exports when their position changes', () => {
    const {statuses, events} = board();
    statuses.queued('a', fields('a.pdf'));
    statuses.queued('b', fields('b.pdf'));
    statuses.started('a');
    events.length = 0;
    statuses.failed('a', 'Export command failed', 'Chromium crashed');
    assert.deepEqual(
      events.map((status) => [status.id, status.state, status.queuePosition]),
      [
        ['a', 'failed', undefined],
        ['b', 'queued', 0],
      ],
    );
    assert.equal(statuses.find('a')!.error, 'Export command failed');
    assert.equal(statuses.find('a')!.detail, 'Chromium crashed');
  });

  it('maps the engine progress into 1–98 %, never going back, then 99 while writing and 100 when done', () => {
    const {statuses, advance} = board();
    statuses.queued('a', fields('My book.pdf'));
    assert.equal(statuses.find('a')!.percent, 0);
    statuses.started('a');
    statuses.progress('a', {phase: 'capture', done: 50, total: 100, percent: 50});
    assert.equal(statuses.find('a')!.percent, 50);
    statuses.progress('a', {phase: 'render', done: 0, total: 3, percent: 40});
    assert.equal(statuses.find('a')!.percent, 50, 'an engine estimate that drops does not move the bar back');
    assert.deepEqual([statuses.find('a')!.phase, statuses.find('a')!.done, statuses.find('a')!.total], ['render', 0, 3]);
    statuses.progress('a', {phase: 'assemble', percent: 100});
    assert.equal(statuses.find('a')!.percent, 98);
    statuses.writing('a');
    assert.equal(statuses.find('a')!.percent, 99);
    advance(4200);
    statuses.succeeded('a', {fileSize: 1_572_864});
    const done = statuses.find('a')!;
    assert.deepEqual(
      [done.state, done.phase, done.percent, done.pdfUrl, done.fileSize, done.fileSizeMB],
      ['done', 'done', 100, 'My%20book.pdf', 1_572_864, '1.50'],
    );
    assert.equal(done.elapsedMs, 4200);
    advance(10_000);
    assert.equal(statuses.find('a')!.elapsedMs, 4200, 'elapsed stops with the export');
  });

  it('sends at most one progress event per interval unless the phase changes or a phase completes', () => {
    const {statuses, events, advance} = board();
    statuses.queued('a', fields('a.pdf'));
    statuses.started('a');
    events.length = 0;
    for (let page = 1; page <= 10; page++) statuses.progress('a', {phase: 'capture', done: page, total: 20, percent: page});
    assert.equal(events.length, 1, 'the first capture step is a new phase');
    advance(100);
    statuses.progress('a', {phase: 'capture', done: 11, total: 20, percent: 11});
    statuses.progress('a', {phase: 'capture', done: 20, total: 20, percent: 20});
    statuses.progress('a', {phase: 'render', done: 0, total: 2, percent: 20});
    assert.deepEqual(
      events.map((status) => [status.phase, status.done]),
      [
        ['capture', 1],
        ['capture', 11],
        ['capture', 20],
        ['render', 0],
      ],
    );
  });

  it('finds an export by a client id of any request that joined it', () => {
    const {statuses} = board();
    statuses.queued('a', fields('a.pdf', 'first-tab'));
    statuses.joined('a', 'second-tab');
    statuses.joined('a', 'second-tab');
    assert.deepEqual(statuses.find('second-tab')!.clientIds, ['first-tab', 'second-tab']);
    assert.equal(statuses.find('first-tab')!.id, 'a');
    assert.equal(statuses.find('nobody'), undefined);
  });

  it('keeps a bounded number of finished exports, newest first', () => {
    const {statuses} = board({keepFinished: 2});
    for (const id of ['a', 'b', 'c']) {
      statuses.queued(id, fields(`${id}.pdf`));
      statuses.started(id);
      statuses.succeeded(id, {fileSize: 1});
    }
    assert.deepEqual(
      statuses.list().map((status) => status.id),
      ['c', 'b'],
    );
  });
});
