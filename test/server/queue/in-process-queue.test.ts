import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {Busy, EngineFailed, NotFound} from '../../../server/errors';
import {InProcessQueue} from '../../../server/queue/in-process-queue';
import type {ExportOrder, ExportResult, JobRunner} from '../../../server/queue/job-queue';

function order(fileName: string): ExportOrder {
  return {key: JSON.stringify([fileName]), fileName, locale: 'en', docsPluginId: 'default', version: 'current'};
}

/** Runs each order when the test says, recording what ran and how many at once. */
class GatedRunner implements JobRunner {
  readonly ran: string[] = [];
  running = 0;
  maxRunning = 0;
  aborted = false;
  readonly #gates: Array<() => void> = [];

  async run(_runId: string, what: ExportOrder): Promise<ExportResult> {
    this.ran.push(what.fileName);
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      await new Promise<void>((resolve, reject) => {
        this.#gates.push(resolve);
        if (this.aborted) reject(new EngineFailed('command-failed', 'aborted'));
      });
      if (this.aborted) throw new EngineFailed('command-failed', 'aborted');
      return {fileName: what.fileName, pdfPath: `/docs/${what.fileName}`, fileSize: 1};
    } finally {
      this.running -= 1;
    }
  }

  abort(): void {
    this.aborted = true;
    this.#gates.splice(0).forEach((open) => open());
  }

  /** Lets the running export finish. */
  release(): void {
    this.#gates.shift()?.();
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('InProcessQueue', () => {
  it('runs one export at a time, in the order asked, and gives identical orders one job', async () => {
    const runner = new GatedRunner();
    const queue = new InProcessQueue(runner, {queueLimit: 5, retryAfterSeconds: 180});
    const first = await queue.submit(order('a.pdf'), {clientId: 'tab-1'});
    const second = await queue.submit(order('b.pdf'));
    const joined = await queue.submit(order('a.pdf'), {clientId: 'tab-2'});
    assert.deepEqual([first.joined, second.joined, joined.joined, joined.id], [false, false, true, first.id]);
    const results = [queue.result(first.id), queue.result(second.id)];
    await tick();
    assert.deepEqual(
      (await queue.list()).map((status) => [status.fileName, status.state, status.queuePosition]),
      [
        ['a.pdf', 'running', 0],
        ['b.pdf', 'queued', 1],
      ],
    );
    assert.deepEqual((await queue.find('tab-2'))?.clientIds, ['tab-1', 'tab-2']);
    runner.release();
    await tick();
    runner.release();
    assert.deepEqual(
      (await Promise.all(results)).map((result) => result.fileName),
      ['a.pdf', 'b.pdf'],
    );
    assert.deepEqual([runner.ran, runner.maxRunning], [['a.pdf', 'b.pdf'], 1]);
    assert.equal((await queue.find(first.id))?.state, 'done');
  });

  it('refuses an order past the limit with Busy, but lets an identical one join', async () => {
    const runner = new GatedRunner();
    const queue = new InProcessQueue(runner, {queueLimit: 1, retryAfterSeconds: 42});
    await queue.submit(order('a.pdf'));
    await queue.submit(order('b.pdf'));
    await assert.rejects(queue.submit(order('c.pdf')), (error: unknown) => error instanceof Busy && error.retryAfterSeconds === 42);
    assert.equal((await queue.submit(order('b.pdf'))).joined, true);
    await queue.close();
  });

  it('on close, aborts the running export after the grace and refuses the waiting and new ones', async () => {
    const runner = new GatedRunner();
    const queue = new InProcessQueue(runner, {queueLimit: 5, retryAfterSeconds: 180});
    const running = queue.result((await queue.submit(order('a.pdf'))).id);
    const waiting = queue.result((await queue.submit(order('b.pdf'))).id);
    await tick();
    await queue.close(10);
    await assert.rejects(running, EngineFailed);
    await assert.rejects(waiting, Busy);
    await assert.rejects(queue.submit(order('c.pdf')), Busy);
    assert.deepEqual(runner.ran, ['a.pdf']);
    await assert.rejects(queue.result('unknown'), NotFound);
  });
});
