import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {sandboxArgs} from '../../server/chromium';

const ROOT = 0;
const USER = 1000;

describe('sandboxArgs', () => {
  it('turns the sandbox off for root, which Chromium refuses to sandbox, whatever CHROMIUM_NO_SANDBOX says', () => {
    assert.deepEqual(sandboxArgs({}, ROOT), ['--no-sandbox']);
    assert.deepEqual(sandboxArgs({CHROMIUM_NO_SANDBOX: '0'}, ROOT), ['--no-sandbox']);
  });

  it('keeps the sandbox for a non-root user by default', () => {
    assert.deepEqual(sandboxArgs({}, USER), []);
    assert.deepEqual(sandboxArgs({CHROMIUM_NO_SANDBOX: 'false'}, USER), []);
  });

  it('turns the sandbox off for a non-root user when CHROMIUM_NO_SANDBOX says yes', () => {
    for (const value of ['1', 'true', 'YES']) {
      assert.deepEqual(sandboxArgs({CHROMIUM_NO_SANDBOX: value}, USER), ['--no-sandbox'], value);
    }
  });

  it('keeps the sandbox for a value start-up validation refuses', () => {
    assert.deepEqual(sandboxArgs({CHROMIUM_NO_SANDBOX: 'sometimes'}, USER), []);
  });
});
