import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import express from 'express';
import request from 'supertest';
import {errorMiddleware} from '../../server/error-middleware';
import {Busy, EngineFailed, ExportRejected, NotFound, NotReady, TimedOut} from '../../server/errors';
import {EXIT_CODES, toCommandFailure} from '../../server/export-command/command-failure';

/** An app whose one route throws `error`, answered by the real error middleware. */
function throwing(error: unknown) {
  const app = express();
  app.get('/', () => {
    throw error;
  });
  app.use(errorMiddleware({exposeStack: false}));
  return app;
}

const CASES = [
  {error: new ExportRejected('Unknown locale "de"', {detail: 'This site has: en, fr.'}), status: 400, exit: EXIT_CODES.usage},
  {error: new NotFound('No export with id x'), status: 404, exit: EXIT_CODES.exportFailed},
  {error: new NotReady('ENOENT: no such file or directory', {detail: 'Create it.'}), status: 500, exit: EXIT_CODES.setup},
  {error: new Busy('Too many exports are waiting; try again later', 180), status: 503, exit: EXIT_CODES.exportFailed},
  {
    error: new EngineFailed('not-created', 'The engine finished without writing a complete PDF.'),
    status: 500,
    exit: EXIT_CODES.exportFailed,
  },
  {error: new TimedOut('The native engine did not finish within 180 s and was stopped.'), status: 500, exit: EXIT_CODES.exportFailed},
];

describe('domain errors', () => {
  for (const {error, status, exit} of CASES) {
    it(`answers ${error.name} with ${status} and the error body, and exits the CLI with ${exit}`, async () => {
      const response = await request(throwing(error)).get('/').expect(status);
      assert.deepEqual(response.body, {success: false, error: error.message, ...(error.detail ? {detail: error.detail} : {})});
      const failure = toCommandFailure(error);
      assert.equal(failure.exitCode, exit);
      assert.equal(failure.message, error.message);
    });
  }

  it('tells a busy client when to come back', async () => {
    const response = await request(throwing(new Busy('The server is shutting down', 30)))
      .get('/')
      .expect(503);
    assert.equal(response.headers['retry-after'], '30');
  });

  it('names an engine failure with the text clients match on, and keeps the reason as detail', () => {
    const failure = new EngineFailed('command-failed', 'docs-to-pdf exited with code 1');
    assert.equal(failure.message, 'Export command failed');
    assert.equal(failure.detail, 'docs-to-pdf exited with code 1');
    assert.equal(new EngineFailed('not-created', 'x').message, 'PDF file was not created');
    assert.ok(new TimedOut('late') instanceof EngineFailed);
  });

  it('answers anything else with 500 and its message', async () => {
    const response = await request(throwing(new Error('disk full')))
      .get('/')
      .expect(500);
    assert.deepEqual(response.body, {success: false, error: 'disk full'});
  });
});
