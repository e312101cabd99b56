import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {ERROR_TEXTS} from '../../../contracts/errors';
import {Busy, DomainError, EngineFailed, ExportRejected, NotReady, StoreUnavailable, TimedOut} from '../../../server/errors';
import {rebuildError, serializeError} from '../../../server/queue/job-error';

describe('a domain error crossing from a worker to the API', () => {
  it('comes back as the same class with the same texts', () => {
    const errors: DomainError[] = [
      new EngineFailed('not-created', 'The engine finished without writing a complete PDF.'),
      new EngineFailed('command-failed', 'Chromium died'),
      new TimedOut('The export ran past its deadline of 180 s.'),
      new Busy('The server is shutting down', 30, {detail: 'later'}),
      new ExportRejected('Unknown locale "xx"', {detail: 'This site has: en, fr.'}),
      new NotReady('The build directory /site/build is missing: run `docusaurus build` first.'),
      new StoreUnavailable('s3://books/handbook/', 'connect ECONNREFUSED 127.0.0.1:9000'),
    ];
    for (const error of errors) {
      const rebuilt = rebuildError(serializeError(error));
      assert.equal(rebuilt.constructor, error.constructor, error.name);
      assert.deepEqual([rebuilt.message, rebuilt.detail], [error.message, error.detail]);
      if (error instanceof EngineFailed) assert.equal((rebuilt as EngineFailed).outcome, error.outcome);
      if (error instanceof Busy) assert.equal((rebuilt as Busy).retryAfterSeconds, error.retryAfterSeconds);
    }
  });

  it('turns a reason BullMQ wrote itself into a failed export that says what happened', () => {
    const stalled = rebuildError('job stalled more than allowable limit');
    assert.ok(stalled instanceof EngineFailed);
    assert.equal(stalled.message, ERROR_TEXTS.commandFailed);
    assert.match(stalled.detail!, /stopped/);
    const other = rebuildError('Missing lock for job 1');
    assert.ok(other instanceof EngineFailed);
    assert.match(other.detail!, /Missing lock/);
  });
});
