import {accessSync, constants} from 'node:fs';
import path from 'node:path';
import {NotReady} from './errors';
import {readSetting} from './settings';

/** Checked in this order (server/settings.ts declares both). */
const ENV_VARIABLES = ['PUPPETEER_EXECUTABLE_PATH', 'CHROME_PATH'] as const;

/**
 * Searched in this order. Chromium's headless shell first (Debian's `chromium-headless-shell`,
 * Chrome for Testing's `chrome-headless-shell`): the same engine without the desktop browser
 * around it, so it prints without the print compositor, storage service and heavier browser
 * process of the full Chromium. On the 1,000-doc benchmark it printed the same book (text,
 * outline and rendered pages equal) with a peak sum of RSS of 973-1,002 MB against 1,345 MB
 * (docs/engines.md, "Memory").
 */
const SYSTEM_PATHS = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chrome-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

export const INSTALL_HINT =
  'Install Chromium (Debian: `apt-get install chromium-headless-shell`, or `chromium`) or set PUPPETEER_EXECUTABLE_PATH to a Chrome or Chromium executable.';

export class ChromiumNotFoundError extends NotReady {
  constructor(reason: string) {
    super(`${reason} ${INSTALL_HINT}`);
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium an export runs. An environment variable that names a missing
 * file is an error, not a reason to silently pick another browser.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  for (const name of ENV_VARIABLES) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (isExecutable(value)) return value;
    throw new ChromiumNotFoundError(`${name} is set to "${value}", which is not an executable file.`);
  }
  const found = SYSTEM_PATHS.find(isExecutable);
  if (found) return found;
  throw new ChromiumNotFoundError('No Chrome or Chromium was found.');
}

/** Whether `executable` is Chromium's headless shell, which Puppeteer launches in its `shell` mode. */
export function isHeadlessShell(executable: string): boolean {
  return /headless[-_]shell/i.test(path.basename(executable));
}

/**
 * Chromium refuses to start its sandbox as root, so it is always off then. A
 * non-root user keeps it unless CHROMIUM_NO_SANDBOX says otherwise: the sandbox
 * needs user namespaces, which a default Docker container (seccomp) does not
 * grant, and the operator, not a guess, decides that the container is the fence.
 */
export function sandboxArgs(env: NodeJS.ProcessEnv = process.env, uid = process.getuid?.()): string[] {
  return uid === 0 || readSetting('CHROMIUM_NO_SANDBOX', env) === true ? ['--no-sandbox'] : [];
}

/** What Chromium adds to its TMPDIR for the socket one browser per profile holds (process_singleton_posix.cc). */
const SINGLETON_SOCKET = '/org.chromium.Chromium.XXXXXX/SingletonSocket';
/** The longest path of a Unix socket: sun_path's 108 bytes, less the terminating NUL. */
const SOCKET_PATH_MAX = 107;

/**
 * The full Chromium started with `tmpDir` as TMPDIR exits at once ("Socket path too long") when
 * the path of its singleton socket would not fit in a Unix socket's. Throws NotReady saying how
 * short the server's TMPDIR (`serverTmpDir`, of which `tmpDir` may be a subdirectory) must be
 * instead. The headless shell (`executable`) keeps no such socket: any TMPDIR serves it.
 */
export function assertChromiumTmpDir(executable: string, tmpDir: string, serverTmpDir = tmpDir): void {
  if (isHeadlessShell(executable)) return;
  const over = Buffer.byteLength(tmpDir.replace(/\/+$/, '') + SINGLETON_SOCKET) - SOCKET_PATH_MAX;
  if (over <= 0) return;
  throw new NotReady(
    `Chromium cannot start with TMPDIR=${serverTmpDir}: the path of its socket below it would be ${over} byte${over === 1 ? '' : 's'} longer ` +
      `than a Unix socket allows. Set TMPDIR to a directory whose path has at most ` +
      `${Math.max(1, Buffer.byteLength(serverTmpDir) - over)} bytes, such as /tmp.`,
  );
}
