import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import {describe, it} from 'node:test';
import {assertChromiumTmpDir, findChromium, isHeadlessShell, sandboxArgs} from '../../server/chromium';
import {NotReady} from '../../server/errors';

const ROOT = 0;
const USER = 1000;

describe('findChromium', () => {
  it('tells the headless shell from the full browser by its executable’s name', () => {
    for (const shell of [
      '/usr/bin/chromium-headless-shell',
      '/opt/chrome-headless-shell-linux64/chrome-headless-shell',
      'C:\\x\\chrome-headless-shell.exe',
      '/usr/lib/chromium/headless_shell',
    ]) {
      assert.ok(isHeadlessShell(shell), shell);
    }
    for (const full of ['/usr/bin/chromium', '/usr/bin/google-chrome-stable', '/home/headless-shell/chrome']) {
      assert.ok(!isHeadlessShell(full), full);
    }
  });

  // scripts/setup.sh installs Debian's headless shell beside (or instead of) the full Chromium.
  it(
    'prefers the headless shell to the full Chromium when both are installed',
    {skip: !existsSync('/usr/bin/chromium-headless-shell')},
    () => {
      assert.equal(findChromium({}), '/usr/bin/chromium-headless-shell');
    },
  );

  it('takes PUPPETEER_EXECUTABLE_PATH over any system path', {skip: !existsSync('/usr/bin/chromium')}, () => {
    assert.equal(findChromium({PUPPETEER_EXECUTABLE_PATH: '/usr/bin/chromium'}), '/usr/bin/chromium');
  });
});

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

describe('assertChromiumTmpDir', () => {
  // Chromium's singleton socket is TMPDIR + "/org.chromium.Chromium.XXXXXX/SingletonSocket" (45 bytes), at most 107 bytes in
  // all: Chromium 156 started with a TMPDIR of 62 bytes, and died with "Socket path too long" with one of 63.
  const longest = '/' + 'd'.repeat(61);
  const FULL = '/usr/bin/chromium';

  it('lets Chromium start below a TMPDIR of up to 62 bytes', () => {
    assert.doesNotThrow(() => assertChromiumTmpDir(FULL, longest));
    assert.doesNotThrow(() => assertChromiumTmpDir(FULL, `${longest}/`));
  });

  it('lets the headless shell start below any TMPDIR: it keeps no socket there', () => {
    assert.doesNotThrow(() => assertChromiumTmpDir('/usr/bin/chromium-headless-shell', `${longest}${'x'.repeat(100)}`));
  });

  it('refuses a longer one, saying how long the server’s TMPDIR may be', () => {
    assert.throws(
      () => assertChromiumTmpDir(FULL, `${longest}x`),
      (error: Error) =>
        error instanceof NotReady &&
        /1 byte longer than a Unix socket allows/.test(error.message) &&
        /at most 62 bytes/.test(error.message),
    );
    const serverTmp = '/' + 'd'.repeat(29);
    assert.throws(
      () => assertChromiumTmpDir(FULL, `${serverTmp}/docusaurus-export-pdf/123456-0123abcd`, serverTmp),
      (error: Error) =>
        error instanceof NotReady &&
        error.message.includes(`TMPDIR=${serverTmp}:`) &&
        /6 bytes longer/.test(error.message) &&
        /at most 24 bytes/.test(error.message),
    );
  });
});
