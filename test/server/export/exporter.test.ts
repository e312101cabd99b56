import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdir, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {Busy, EngineFailed, TimedOut} from '../../../server/errors';
import {Exporter} from '../../../server/export/exporter';
import {LocalBookStore} from '../../../server/store/local-book-store';
import {manifestsOf, tempDir, testManifest} from '../../helpers/fixtures';
import {ScriptedEngine, exporterWith} from '../../helpers/scripted-engine';
import type {ExportJob} from '../../../server/export/engine';
import {isRunning, waitFor} from '../../helpers/processes';

// Writes into the file it is given, again and again, recreating its folder.
const STRAGGLER = `
const fs = require('node:fs');
setInterval(() => {
  fs.mkdirSync(require('node:path').dirname(process.argv[1]), {recursive: true});
  fs.writeFileSync(process.argv[1], 'x');
}, 5);
`;

// No process has this pid: Linux caps pids far below it.
const DEAD_PID = 2 ** 30;

describe('Exporter', () => {
  let root: Awaited<ReturnType<typeof tempDir>>;
  before(async () => {
    root = await tempDir('export-pdf-exporter');
  });
  after(async () => root.remove());

  function exporter(engine: ScriptedEngine, name: string) {
    const documentsDir = path.join(root.dir, name, 'docs');
    const workRoot = path.join(root.dir, name, 'work');
    return {
      documentsDir,
      workRoot,
      exporter: new Exporter({
        engine,
        store: new LocalBookStore(documentsDir),
        siteOrigin: 'http://127.0.0.1:1',
        siteProbe: async () => true,
        loadManifests: async () => manifestsOf(testManifest()),
        timeoutMs: 4000,
        queueLimit: 5,
        workRoot,
        log: () => undefined,
      }),
    };
  }

  it('sweeps part files and scratch directories of dead servers only', async () => {
    const {exporter: subject, documentsDir, workRoot} = exporter(new ScriptedEngine(), 'sweep');
    await mkdir(documentsDir, {recursive: true});
    await mkdir(path.join(workRoot, `${DEAD_PID}-aa`), {recursive: true});
    await mkdir(path.join(workRoot, `${process.pid}-bb`), {recursive: true});
    await writeFile(path.join(documentsDir, `.a.pdf.${DEAD_PID}-cc.part`), 'stale');
    await writeFile(path.join(documentsDir, `.b.pdf.${process.pid}-dd.part`), 'ours, running');
    await writeFile(path.join(documentsDir, 'kept.pdf'), 'finished');
    await subject.sweepStale();
    assert.deepEqual((await readdir(documentsDir)).sort(), [`.b.pdf.${process.pid}-dd.part`, 'kept.pdf']);
    assert.deepEqual(await readdir(workRoot), [`${process.pid}-bb`]);
  });

  it('gives the engine a scratch directory and the time left, and removes the directory after', async () => {
    const engine = new ScriptedEngine();
    const {exporter: subject, documentsDir, workRoot} = exporter(engine, 'scratch');
    await mkdir(documentsDir, {recursive: true});
    let scratchExisted = false;
    const write = engine.behaviour;
    engine.behaviour = async (job) => {
      scratchExisted = (await readdir(path.dirname(job.workDir))).includes(path.basename(job.workDir));
      await write(job);
    };
    await subject.export('a.pdf');
    const [job] = engine.jobs;
    assert.ok(scratchExisted);
    assert.equal(path.dirname(job!.workDir), workRoot);
    assert.ok(job!.timeoutMs > 0 && job!.timeoutMs <= 4000);
    assert.equal(job!.deadlineMs, 4000, 'the whole deadline, which a timed-out export names, not what was left of it');
    assert.deepEqual(await readdir(workRoot), []);
  });

  it('removes the scratch directory when a process the engine started outlives it and still writes there', async () => {
    const engine = new ScriptedEngine();
    const {exporter: subject, documentsDir, workRoot} = exporter(engine, 'straggler');
    await mkdir(documentsDir, {recursive: true});
    let straggler = 0;
    const write = engine.behaviour;
    engine.behaviour = async (job) => {
      await write(job);
      // Like a Chromium helper whose main process has exited: no longer below the engine, naming its profile.
      const child = spawn(process.execPath, ['-e', STRAGGLER, path.join(job.workDir, 'profile', 'Local State')], {
        detached: true,
        stdio: 'ignore',
      });
      child.unref();
      straggler = child.pid!;
      await waitFor(() => (existsSync(path.join(job.workDir, 'profile')) ? true : undefined), 5000, 'the straggler to write');
    };
    await subject.export('a.pdf');
    assert.equal(isRunning(straggler), false, 'the straggler was ended');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(await readdir(workRoot), []);
  });

  it('lets the running export finish within the grace period, and refuses the queued one', async () => {
    const engine = new ScriptedEngine();
    const {exporter: subject, documentsDir} = exporter(engine, 'grace');
    await mkdir(documentsDir, {recursive: true});
    const release = engine.hold();
    const running = subject.export('finishing.pdf');
    const queued = subject.export('queued.pdf');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = subject.close(5000);
    setTimeout(release, 100);
    assert.equal((await running).fileName, 'finishing.pdf');
    await assert.rejects(queued, (error: unknown) => error instanceof Busy);
    await closed;
    // Besides the PDF, only its book record (server/store/local-book-records.ts): no part file.
    assert.deepEqual(await readdir(documentsDir), ['.finishing.pdf.book.json', 'finishing.pdf']);
    assert.equal(engine.jobs.length, 1);
  });

  it('aborts the running export on close and refuses new ones', async () => {
    const engine = new ScriptedEngine();
    const {exporter: subject, documentsDir} = exporter(engine, 'close');
    await mkdir(documentsDir, {recursive: true});
    engine.behaviour = (job) =>
      new Promise((_resolve, reject) => {
        job.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const running = subject.export('long.pdf');
    const queued = subject.export('next.pdf');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await subject.close();
    await assert.rejects(running, (error: unknown) => error instanceof EngineFailed);
    await assert.rejects(queued, (error: unknown) => error instanceof Busy);
    await assert.rejects(subject.export('later.pdf'), (error: unknown) => error instanceof Busy);
    assert.deepEqual(await readdir(documentsDir), []);
  });
  it('warms the engine with a trial export of the default book in a scratch directory it removes, when the site is up', async () => {
    for (const siteUp of [true, false]) {
      const engine = new ScriptedEngine();
      const trials: Array<{job?: ExportJob; scratch: string[]}> = [];
      engine.warm = async (_job, trial) => {
        trials.push({job: trial, scratch: trial ? await readdir(trial.workDir) : []});
        if (trial) await writeFile(trial.outputFile, 'trial');
      };
      const workRoot = path.join(root.dir, `warm-${siteUp}`, 'work');
      const subject = exporterWith(engine, {
        documentsDir: path.join(root.dir, `warm-${siteUp}`, 'docs'),
        workRoot,
        siteProbe: async () => siteUp,
      });
      await subject.warm();
      assert.equal(trials.length, 1);
      const [{job, scratch}] = trials as [(typeof trials)[0]];
      assert.equal(job === undefined, !siteUp, 'a trial only while the site is up');
      if (job) {
        assert.deepEqual(scratch, [], 'the scratch directory exists, empty');
        assert.equal(path.dirname(job.workDir), workRoot);
        assert.equal(path.dirname(job.outputFile), job.workDir);
        assert.equal(job.subset, undefined);
        assert.equal(job.startPath, '/docs/intro');
        assert.equal(job.docsPluginId, 'default');
      }
      assert.deepEqual(await readdir(workRoot).catch(() => []), [], 'nothing of the trial is left');
      assert.equal(engine.jobs.length, 0, 'no export ran');
    }
  });
  it('says the browser is starting until warm has ended, and runs an export asked for meanwhile after it', async () => {
    const engine = new ScriptedEngine();
    let finishTrial!: () => void;
    const events: string[] = [];
    engine.warm = async () => {
      await new Promise<void>((resolve) => (finishTrial = resolve));
      events.push('trial ended');
    };
    engine.browserState = () => 'running';
    const write = engine.behaviour;
    engine.behaviour = async (job) => {
      events.push('export ran');
      await write(job);
    };
    const dir = path.join(root.dir, 'warm-wait');
    const subject = exporterWith(engine, {documentsDir: path.join(dir, 'docs'), workRoot: path.join(dir, 'work')});
    await mkdir(path.join(dir, 'docs'), {recursive: true});
    const warming = subject.warm();
    assert.equal(subject.browserState(), 'starting', 'from the call on, before anything awaited');
    const exporting = subject.export('during-trial.pdf');
    // Until the trial has begun (a loaded machine takes longer than a fixed pause), then a while longer.
    for (let waited = 0; !finishTrial && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(events, [], 'the export waits');
    finishTrial();
    await warming;
    assert.equal(subject.browserState(), 'running');
    await exporting;
    assert.deepEqual(events, ['trial ended', 'export ran']);
  });
  it('fails an export asked for during warm-up at once when the site is down, without waiting for the trial', async () => {
    const engine = new ScriptedEngine();
    let finishTrial!: () => void;
    let siteUp = true;
    engine.warm = () => new Promise<void>((resolve) => (finishTrial = resolve));
    const dir = path.join(root.dir, 'warm-site-down');
    const subject = exporterWith(engine, {
      documentsDir: path.join(dir, 'docs'),
      workRoot: path.join(dir, 'work'),
      siteProbe: async () => siteUp,
    });
    await mkdir(path.join(dir, 'docs'), {recursive: true});
    const warming = subject.warm();
    await new Promise((resolve) => setTimeout(resolve, 20));
    siteUp = false;
    await assert.rejects(subject.export('site-down.pdf'), (error: unknown) => {
      assert.ok(error instanceof EngineFailed);
      assert.match(error.detail ?? '', /not running/);
      return true;
    });
    assert.equal(subject.browserState(), 'starting', 'the trial still runs');
    assert.equal(engine.jobs.length, 0);
    finishTrial();
    await warming;
  });
  it('says the site is not running when the engine failed because the site went down, and keeps other failures as they are', async () => {
    const dir = path.join(root.dir, 'site-went-down');
    await mkdir(path.join(dir, 'docs'), {recursive: true});
    let siteUp = true;
    const engine = new ScriptedEngine();
    const lines: string[] = [];
    const subject = exporterWith(engine, {
      documentsDir: path.join(dir, 'docs'),
      workRoot: path.join(dir, 'work'),
      siteProbe: async () => siteUp,
      log: (line) => lines.push(line),
    });
    const failures = [
      new EngineFailed('command-failed', 'The native engine failed: /main.js answered HTTP 504'),
      new TimedOut('The native engine did not finish within 5 s and was stopped.'),
    ];
    const outcomes: Array<EngineFailed | undefined> = [];
    for (const failure of failures) {
      engine.behaviour = async () => {
        siteUp = false;
        throw failure;
      };
      outcomes.push(
        await subject.export('gone.pdf').then(
          () => undefined,
          (error: EngineFailed) => error,
        ),
      );
      siteUp = true;
    }
    const [wentDown, timedOut] = outcomes;
    assert.equal(wentDown?.message, 'PDF file was not created');
    assert.match(wentDown?.detail ?? '', /^The site is not running at http:\/\/127\.0\.0\.1:3000: it stopped during the export\.$/);
    assert.ok(
      lines.some((line) => line.endsWith('the engine said: The native engine failed: /main.js answered HTTP 504')),
      lines.join('\n'),
    );
    assert.equal(timedOut, failures[1], 'the deadline stays the reason');
    engine.behaviour = async () => {
      throw failures[0];
    };
    assert.equal(await subject.export('up.pdf').catch((error: unknown) => error), failures[0], 'the engine’s reason while the site is up');
  });
});
