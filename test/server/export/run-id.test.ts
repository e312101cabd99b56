import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {localOwner, newRunId} from '../../../server/export/run-id';

describe('run ids', () => {
  it('start with the pid and carry this host, so only this host sweeps what its dead processes left', () => {
    const id = newRunId();
    const [pid, tagged] = id.split('-') as [string, string];
    assert.equal(Number(pid), process.pid);
    assert.match(tagged, /^[0-9a-f]{14}$/);
    assert.equal(localOwner(pid, tagged), process.pid);
    const otherHost = `${tagged[0] === '0' ? '1' : '0'}${tagged.slice(1)}`;
    assert.equal(localOwner('1234', otherHost), undefined, "another host's pid means nothing here");
  });

  it('count ids without a host tag as this host’s, as they were made before it', () => {
    assert.equal(localOwner('1234', '9c1e02aa'), 1234);
  });
});
