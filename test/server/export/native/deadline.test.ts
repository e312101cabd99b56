import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {EngineFailed, TimedOut} from '../../../../server/errors';
import type {ExportJob} from '../../../../server/export/engine';
import {withDeadline} from '../../../../server/export/native/deadline';

const job = (timeoutMs: number, signal?: AbortSignal) => ({timeoutMs, deadlineMs: timeoutMs, signal}) as ExportJob;
const never = () => new Promise<void>(() => undefined);

describe('withDeadline', () => {
  it('stops the export at its deadline, and answers even when the export never ends after the stop', async () => {
    let stops = 0;
    const started = Date.now();
    await assert.rejects(
      withDeadline(job(50), () => stops++, never, 100),
      (error: unknown) => error instanceof TimedOut && /did not finish within 50 ms/.test(error.detail ?? ''),
    );
    assert.equal(stops, 1);
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 140 && elapsed < 1000, `answered after ${elapsed} ms`);
  });

  it('answers a cancelled export the same way, as cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(
      withDeadline(job(10_000, controller.signal), () => undefined, never, 50),
      (error: unknown) => error instanceof EngineFailed && !(error instanceof TimedOut) && error.detail === 'The export was cancelled.',
    );
  });

  it('gives the export’s own failure when it was not stopped, and its result when it ends in time', async () => {
    await assert.rejects(
      withDeadline(
        job(10_000),
        () => assert.fail('not stopped'),
        async () => Promise.reject(new Error('tab crashed')),
      ),
      (error: unknown) => error instanceof EngineFailed && error.detail === 'The native engine failed: tab crashed',
    );
    await withDeadline(
      job(10_000),
      () => assert.fail('not stopped'),
      async () => undefined,
    );
  });
});
