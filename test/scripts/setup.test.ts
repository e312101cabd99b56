import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {chmod, readFile, symlink, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {after, before, describe, it} from 'node:test';
import {FONT_PACKAGES} from '../../server/fonts';
import {tempDir} from '../helpers/fixtures';

const SETUP = path.resolve(__dirname, '..', '..', 'scripts', 'setup.sh');

/** A command that appends its name and arguments to the calls file, then succeeds. */
const RECORDER = '#!/bin/sh\necho "$(basename "$0") $*" >> "$CALLS"\n';

describe('scripts/setup.sh on a machine without fonts, PDF tools or Redis', {skip: process.getuid?.() !== 0 && 'runs as root'}, () => {
  let work: Awaited<ReturnType<typeof tempDir>>;
  let calls: string;
  let output: string;

  before(async () => {
    work = await tempDir('setup-script');
    calls = path.join(work.dir, 'calls');
    await writeFile(calls, '');
    // apt-get records what it is asked; fontconfig finds no font; pdftotext, qpdf and redis-server are not on PATH.
    for (const [name, body] of [
      ['apt-get', RECORDER],
      // Recorded, not run: the npm dependencies are the repository's own.
      ['npm', RECORDER],
      ['fc-list', '#!/bin/sh\nexit 0\n'],
      ['dpkg-query', '#!/bin/sh\nexit 1\n'],
    ]) {
      await writeFile(path.join(work.dir, name!), body!);
      await chmod(path.join(work.dir, name!), 0o755);
    }
    // Nothing else on PATH but the few tools the script itself calls.
    for (const tool of ['id', 'dirname', 'basename']) await symlink(`/usr/bin/${tool}`, path.join(work.dir, tool));
    const {stdout} = await promisify(execFile)('/bin/bash', [SETUP, '--for-tests'], {
      env: {PATH: work.dir, HOME: work.dir, CALLS: calls, PUPPETEER_EXECUTABLE_PATH: process.execPath},
    });
    output = stdout;
  });
  after(async () => work?.remove());

  it('says what it installs with apt-get and why, before apt-get runs', async () => {
    const lines = output.split('\n');
    assert.equal(lines[0], 'Installing with apt-get what is missing:', output);
    for (const name of [...FONT_PACKAGES.split(' '), 'fonts-noto-cjk', 'poppler-utils', 'qpdf', 'redis-server']) {
      assert.ok(
        lines.some((line) => line.startsWith(`  ${name}: `)),
        `${name} with its reason:\n${output}`,
      );
    }
    const asked = (await readFile(calls, 'utf8')).split('\n').filter((call) => call.startsWith('apt-get'));
    assert.equal(asked[0], 'apt-get update -qq');
    assert.match(
      asked[1]!,
      /^apt-get install -y -qq fonts-noto-color-emoji fonts-wqy-microhei fonts-morisawa-bizud-gothic fonts-nanum fonts-noto-core fonts-noto-cjk poppler-utils qpdf redis-server/,
    );
  });

  it('installs no browser when the environment names one that is there', () => {
    assert.doesNotMatch(output, /chromium/i);
  });
});
