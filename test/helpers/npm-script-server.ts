import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {freePorts} from '../../server/listen';
import {descendantPids, processArgs} from './process-tree';
import {waitHealthy} from './wait-healthy';

export type NpmScriptServer = {
  siteUrl: string;
  apiUrl: string;
  /** The `npm` process; the server entry runs below it. */
  child: ChildProcess;
  output: () => string;
  /** The server entry's process below `npm`: node running the `bin` script. */
  serverPid: () => number | undefined;
  /**
   * SIGTERM to the server entry, then npm's exit code. Not to `npm` itself:
   * npm hands the signal to the shell running the script, and Debian's sh
   * (dash) dies of it without passing it on, which would orphan the server.
   */
  stop: () => Promise<number | null>;
};

/**
 * Runs `npm run <script>` in a site, the way its README tells a user to start
 * the server, on free ports and with the given documents directory, and
 * resolves once the API's /health answers 200.
 */
export async function startNpmScriptServer(
  siteDir: string,
  script: string,
  options: {bin: string; documentsDir: string; env?: NodeJS.ProcessEnv; readyTimeoutMs?: number},
): Promise<NpmScriptServer> {
  const [apiPort, sitePort] = await freePorts(2);
  const child = spawn('npm', ['run', script], {
    cwd: siteDir,
    env: {
      ...(options.env ?? process.env),
      API_PORT: String(apiPort),
      DOCSITE_PORT: String(sitePort),
      DOCS_PATH: options.documentsDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // The shell's command line names the bin too, and Chromium's profile path the package.
  const serverPid = () => descendantPids(child.pid!).find((pid) => path.basename(processArgs(pid)[1] ?? '') === options.bin);

  const server: NpmScriptServer = {
    siteUrl: `http://127.0.0.1:${sitePort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    child,
    output: () => output,
    serverPid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const pid = serverPid();
        if (pid === undefined) child.kill('SIGTERM');
        else process.kill(pid, 'SIGTERM');
      }
      const force = setTimeout(() => {
        for (const pid of [...descendantPids(child.pid!), child.pid!]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
      }, 30_000);
      const code = await exited;
      clearTimeout(force);
      return code;
    },
  };

  if (await waitHealthy(server.apiUrl, child, options.readyTimeoutMs)) return server;
  await server.stop();
  throw new Error(`\`npm run ${script}\` did not answer /health with 200:\n${output.slice(-4000)}`);
}
