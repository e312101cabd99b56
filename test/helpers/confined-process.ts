import {spawn, type ChildProcess, type SpawnOptions} from 'node:child_process';
import {readlinkSync, writeFileSync} from 'node:fs';

/** uid and gid of `nobody`, the non-root user confined commands run as when started by root. */
export const UNPRIVILEGED_ID = 65534;

/** How a confined command runs. */
export type Confinement = {
  uid: number;
  /** The command cannot create user namespaces (so Chromium cannot start its sandbox); undefined: unknown. */
  userNamespacesBlocked?: boolean;
  description: string;
};

/** Drops to `nobody` with no capabilities and no way to gain any, like compose's cap_drop and no-new-privileges. */
const DROP_TO_NOBODY = [
  'setpriv',
  `--reuid=${UNPRIVILEGED_ID}`,
  `--regid=${UNPRIVILEGED_ID}`,
  '--clear-groups',
  '--bounding-set=-all',
  '--no-new-privs',
  '--',
];

/**
 * Runs in a user namespace of its own whose limit on further user namespaces
 * is 0, which is what Docker's default seccomp profile amounts to for
 * Chromium's sandbox. The limit can only be written through a procfs mounted
 * in that namespace, hence the short-lived PID namespace; the command itself
 * stays in the machine's PID namespace.
 */
const BLOCK_USER_NAMESPACES = [
  'while [ -z "$(cat /proc/self/uid_map)" ]; do sleep 0.02; done',
  `unshare --pid --fork --mount-proc sh -c 'echo 0 > /proc/sys/user/max_user_namespaces' || exit 1`,
  'exec "$@"',
].join('\n');

/** Ids 0–65535 mapped through unchanged: root and `nobody` stay themselves. */
const ID_MAP = '0 0 65536';

function userNamespaceOf(pid: number | 'self'): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/ns/user`);
  } catch {
    return undefined;
  }
}

/** Maps the ids once `child` has entered its user namespace; its script waits for that. */
async function mapIdentity(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) throw new Error('unshare could not be started');
  const own = userNamespaceOf('self');
  const deadline = Date.now() + 5000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the user namespace setup exited');
    const theirs = userNamespaceOf(child.pid);
    if (theirs && theirs !== own) break;
    if (Date.now() > deadline) throw new Error('the user namespace setup did not start');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  writeFileSync(`/proc/${child.pid}/uid_map`, ID_MAP);
  writeFileSync(`/proc/${child.pid}/gid_map`, ID_MAP);
}

type Launcher = (argv: string[], options: SpawnOptions) => Promise<ChildProcess>;

const launchers: Record<'userns' | 'setpriv' | 'self', Launcher> = {
  async userns(argv, options) {
    const child = spawn('unshare', ['--user', '--', 'sh', '-c', BLOCK_USER_NAMESPACES, 'confined', ...DROP_TO_NOBODY, ...argv], options);
    // Without unshare there is no pid, which mapIdentity reports.
    child.once('error', () => undefined);
    await mapIdentity(child).catch((error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    });
    return child;
  },
  async setpriv(argv, options) {
    return spawn(DROP_TO_NOBODY[0]!, [...DROP_TO_NOBODY.slice(1), ...argv], options);
  },
  async self(argv, options) {
    return spawn(argv[0]!, argv.slice(1), options);
  },
};

async function exitCode(child: ChildProcess): Promise<number | undefined> {
  if (child.exitCode !== null) return child.exitCode;
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code ?? undefined));
    child.once('error', () => resolve(undefined));
  });
}

/** Exit code of `argv` run by `launcher`, or undefined when it could not run at all. */
async function probe(launcher: Launcher, argv: string[]): Promise<number | undefined> {
  try {
    return await exitCode(await launcher(argv, {stdio: 'ignore'}));
  } catch {
    return undefined;
  }
}

/** Whether commands `launcher` runs can create user namespaces; undefined when it cannot run commands. */
async function userNamespacesBlocked(launcher: Launcher): Promise<boolean | undefined> {
  if ((await probe(launcher, ['true'])) !== 0) return undefined;
  const code = await probe(launcher, ['unshare', '--user', 'true']);
  return code === undefined ? undefined : code !== 0;
}

let chosen: Promise<{launch: Launcher; confinement: Confinement}> | undefined;

/**
 * The strongest confinement this machine allows: from root, `nobody` without
 * user namespaces (as in a default Docker container), else `nobody`; otherwise
 * the current user.
 */
function choose(): Promise<{launch: Launcher; confinement: Confinement}> {
  chosen ??= (async () => {
    if (process.getuid?.() === 0) {
      if ((await userNamespacesBlocked(launchers.userns)) === true) {
        return {
          launch: launchers.userns,
          confinement: {uid: UNPRIVILEGED_ID, userNamespacesBlocked: true, description: 'nobody, user namespaces blocked'},
        };
      }
      if ((await probe(launchers.setpriv, ['true'])) === 0) {
        return {
          launch: launchers.setpriv,
          confinement: {
            uid: UNPRIVILEGED_ID,
            userNamespacesBlocked: await userNamespacesBlocked(launchers.setpriv),
            description: 'nobody',
          },
        };
      }
    }
    return {
      launch: launchers.self,
      confinement: {
        uid: process.getuid?.() ?? -1,
        userNamespacesBlocked: await userNamespacesBlocked(launchers.self),
        description: 'the current user',
      },
    };
  })();
  return chosen;
}

/** Spawns `argv` as a non-root user, confined as much as this machine allows (see `choose`). */
export async function spawnConfined(argv: string[], options: SpawnOptions): Promise<{child: ChildProcess; confinement: Confinement}> {
  const {launch, confinement} = await choose();
  return {child: await launch(argv, options), confinement};
}

/** How `spawnConfined` runs commands on this machine. */
export async function confinement(): Promise<Confinement> {
  return (await choose()).confinement;
}
