import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {freePorts} from '../../server/listen';
import {descendantPids} from '../helpers/process-tree';
import {tempDir} from '../helpers/fixtures';
import {exportBrowserPids, isRunning, scratchDirs, waitFor} from '../helpers/processes';
import {EXAMPLE_SITE, REPO_ROOT} from '../helpers/server-process';
import {waitHealthy} from '../helpers/wait-healthy';

// `npm run serve` runs the server under `sh -c`. A process manager that sends
// SIGTERM to npm alone kills that shell, which does not pass the signal on.
describe('a server whose parent shell is killed', {timeout: 90_000}, () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('shuts down as if signalled: it says so, and its browser and profile go with it', async () => {
    const documents = await tempDir('export-pdf-orphan-docs');
    cleanups.push(() => documents.remove());
    const [apiPort, sitePort] = await freePorts(2);
    const cli = path.join(REPO_ROOT, 'lib', 'server', 'cli.js');
    // `; exit $?` keeps dash from replacing itself with node, as npm's shell would not.
    const log = path.join(documents.dir, 'server.log');
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${cli}" serve "${EXAMPLE_SITE}" > "${log}" 2>&1; exit $?`], {
      env: {...process.env, API_PORT: String(apiPort), DOCSITE_PORT: String(sitePort), DOCS_PATH: documents.dir, NODE_ENV: 'production'},
      stdio: 'ignore',
    });
    const shellExited = new Promise((resolve) => shell.once('exit', resolve));
    const serverPid = await waitFor(() => descendantPids(shell.pid!)[0], 10_000, 'the server below the shell');
    cleanups.push(() => {
      if (isRunning(serverPid)) process.kill(serverPid, 'SIGKILL');
    });
    assert.ok(await waitHealthy(`http://127.0.0.1:${apiPort}`, shell), 'the API answers');
    const exported = await fetch(`http://127.0.0.1:${apiPort}/export-pdf?fileName=warm`);
    assert.equal(exported.status, 200);
    assert.ok(exportBrowserPids(serverPid).length > 0 || descendantPids(serverPid).length > 0, 'the warm browser runs');
    const below = descendantPids(serverPid);

    shell.kill('SIGKILL');
    await shellExited;
    await waitFor(() => (isRunning(serverPid) ? undefined : true), 15_000, 'the orphaned server to exit');
    await waitFor(() => (below.some(isRunning) ? undefined : true), 5000, 'its Chromium to exit');
    assert.deepEqual(scratchDirs(serverPid), [], 'no profile or scratch directory left');
    assert.match(readFileSync(log, 'utf8'), /parent process gone: shutting down/);
  });
});
