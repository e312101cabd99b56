import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {endProcessesInside, processesInside} from '../../../server/export/process-tree';
import {isRunning, waitFor} from '../../helpers/processes';

describe('processes inside a scratch directory', {skip: process.platform !== 'linux'}, () => {
  const dir = path.join('/nonexistent', `export-pdf-process-tree-${process.pid}`);
  const started: number[] = [];
  after(() => {
    for (const pid of started) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  });

  function idleNamer(file: string): number {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', file], {detached: true, stdio: 'ignore'});
    child.unref();
    started.push(child.pid!);
    return child.pid!;
  }

  it('are the processes naming a file in it, not in a folder whose name it begins', async () => {
    const inside = idleNamer(path.join(dir, 'profile', 'Local State'));
    const beside = idleNamer(`${dir}-other/profile`);
    // A child names the file only once it has started node.
    await waitFor(() => (processesInside(dir).length > 0 ? true : undefined), 5000, 'the child to start');
    assert.deepEqual(processesInside(dir), [inside]);
    await endProcessesInside(dir);
    assert.equal(isRunning(inside), false);
    assert.deepEqual(processesInside(dir), []);
    assert.equal(isRunning(beside), true, 'the process of the other folder runs on');
  });
});
