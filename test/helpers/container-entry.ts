import type {ChildProcess} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {chmod, chown, mkdir} from 'node:fs/promises';
import path from 'node:path';
import {freePorts} from '../../server/listen';
import {serviceEnvironment, type ComposeService} from './compose-file';
import {confinement as currentConfinement, spawnConfined, type Confinement} from './confined-process';
import type {DockerStage} from './dockerfile';
import {tempDir} from './fixtures';
import {REPO_ROOT} from './server-process';
import {waitHealthy} from './wait-healthy';

/** Where the container's absolute paths are on this machine; the longest match wins. */
export type PathMap = Record<string, string>;

export function mapPath(value: string, paths: PathMap): string {
  const inside = Object.keys(paths)
    .sort((a, b) => b.length - a.length)
    .find((prefix) => value === prefix || value.startsWith(`${prefix}/`));
  return inside === undefined ? value : paths[inside] + value.slice(inside.length);
}

/** The package's own command for a name on the image's PATH: the bin file `package.json` declares, run by this node. */
export function packageBin(name: string): string[] | undefined {
  const {bin} = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {bin?: Record<string, string>};
  const file = bin?.[name];
  return file ? [process.execPath, path.join(REPO_ROOT, file)] : undefined;
}

export type ContainerRun = {
  apiUrl: string;
  siteUrl: string;
  /** The container's /app on this machine. */
  appDir: string;
  env: Record<string, string>;
  confinement: Confinement;
  child: ChildProcess;
  output: () => string;
  /** Runs another command the way the container would (HEALTHCHECK, `docker exec`); resolves with its exit code. */
  exec: (argv: string[]) => Promise<number | null>;
  /** SIGTERM, as `docker stop` sends through the init process; resolves with the exit code. */
  stop: () => Promise<number | null>;
};

/**
 * Runs the image's CMD on this machine, as the image would run it: its ENV
 * (overridden by the compose service's `environment`, as `docker compose up`
 * does), its WORKDIR, a non-root user, and a fresh /app, /tmp and home of its
 * own. The paths in `paths` stand in for the image's; ports are free ones.
 */
export async function startContainerEntry(
  stage: DockerStage,
  service: ComposeService,
  options: {paths: PathMap; env?: Record<string, string>; readyTimeoutMs?: number},
): Promise<ContainerRun> {
  const root = await tempDir('export-pdf-container');
  await chmod(root.dir, 0o755);
  const appDir = path.join(root.dir, 'app');
  const paths: PathMap = {'/app': appDir, ...options.paths};
  const [apiPort, sitePort] = await freePorts(2);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({...stage.env, ...serviceEnvironment(service, {})})) {
    env[name] = mapPath(value, paths);
  }
  Object.assign(env, {
    API_PORT: String(apiPort),
    DOCSITE_PORT: String(sitePort),
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: path.join(root.dir, 'home'),
    TMPDIR: path.join(root.dir, 'tmp'),
    ...options.env,
  });

  // Ownership as in the image: /app belongs to root, the documents directory
  // (a mount, or the image's own) and the home to the user the server runs as.
  const {uid} = await currentConfinement();
  const owned = [env.HOME!, env.TMPDIR!, env.DOCS_PATH ?? path.join(appDir, 'docs')];
  await mkdir(appDir, {recursive: true});
  for (const dir of owned) {
    await mkdir(dir, {recursive: true});
    if (uid !== process.getuid?.()) await chown(dir, uid, uid);
  }

  const toHost = (argv: string[]) => {
    const [name, ...args] = argv;
    const command = name === 'node' ? [process.execPath] : (packageBin(name!) ?? [name!]);
    return [...command, ...args.map((arg) => mapPath(arg, paths))];
  };
  const cwd = mapPath(stage.workdir ?? '/', paths);

  const {child, confinement} = await spawnConfined(toHost(stage.cmd ?? []), {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const run: ContainerRun = {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    siteUrl: `http://127.0.0.1:${sitePort}`,
    appDir,
    env,
    confinement,
    child,
    output: () => output,
    exec: async (argv) => {
      const {child: command} = await spawnConfined(toHost(argv), {cwd, env, stdio: 'ignore'});
      return new Promise((resolve) => command.once('exit', (code) => resolve(code)));
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(force);
      await root.remove();
      return code;
    },
  };

  // Ready when the API answers /health, as the HEALTHCHECK sees it.
  if (await waitHealthy(run.apiUrl, child, options.readyTimeoutMs)) return run;
  await run.stop();
  throw new Error(`the container's command did not become healthy:\n${output}`);
}
