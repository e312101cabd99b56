import {accessSync, constants} from 'node:fs';

const ENV_VARIABLES = ['PUPPETEER_EXECUTABLE_PATH', 'CHROME_PATH'] as const;

const SYSTEM_PATHS = [
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
  'Install Chromium (Debian/Ubuntu: `apt-get install chromium`) or set PUPPETEER_EXECUTABLE_PATH to a Chrome or Chromium executable.';

export class ChromiumNotFoundError extends Error {
  constructor(reason: string) {
    super(`${reason} ${INSTALL_HINT}`);
    this.name = 'ChromiumNotFoundError';
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

/** Variable an operator sets to run Chromium without its sandbox as a non-root user. */
export const NO_SANDBOX_VARIABLE = 'CHROMIUM_NO_SANDBOX';

const FLAG_VALUES: Record<string, boolean> = {'': false, '0': false, false: false, no: false, '1': true, true: true, yes: true};

/** CHROMIUM_NO_SANDBOX as a boolean; undefined for a value that is neither yes nor no. */
export function parseNoSandbox(env: NodeJS.ProcessEnv = process.env): boolean | undefined {
  return FLAG_VALUES[(env[NO_SANDBOX_VARIABLE] ?? '').trim().toLowerCase()];
}

/**
 * Chromium refuses to start its sandbox as root, so it is always off then. A
 * non-root user keeps it unless CHROMIUM_NO_SANDBOX says otherwise: the sandbox
 * needs user namespaces, which a default Docker container (seccomp) does not
 * grant, and the operator, not a guess, decides that the container is the fence.
 */
export function sandboxArgs(env: NodeJS.ProcessEnv = process.env, uid = process.getuid?.()): string[] {
  return uid === 0 || parseNoSandbox(env) === true ? ['--no-sandbox'] : [];
}
