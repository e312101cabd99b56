import {spawn} from 'node:child_process';
import {cp, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {runCommand} from './run-command';
import {REPO_ROOT} from './server-process';

const EXAMPLE_SITE = path.join(REPO_ROOT, 'example-site');
/** Under the repository, so the copies resolve Docusaurus and the plugin from its node_modules (gitignored). */
const COPIES = path.join(REPO_ROOT, '.test-output', 'sites');
const LEFT_OUT = new Set(['node_modules', 'build', '.docusaurus', 'pdfs']);
const DOCUSAURUS_BIN = path.join(REPO_ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

/**
 * A fresh copy of the example site's sources in `.test-output/sites/<name>`,
 * with `editConfig` applied to its docusaurus.config.ts: a test changes its
 * own copy, never the site every other test builds and serves.
 */
export async function copyExampleSite(name: string, editConfig: (config: string) => string): Promise<string> {
  const siteDir = path.join(COPIES, name);
  await rm(siteDir, {recursive: true, force: true});
  await cp(EXAMPLE_SITE, siteDir, {recursive: true, filter: (source) => !LEFT_OUT.has(path.basename(source))});
  const config = path.join(siteDir, 'docusaurus.config.ts');
  await writeFile(config, editConfig(await readFile(config, 'utf8')));
  return siteDir;
}

export type BuildOutcome = {ok: boolean; output: string};

/**
 * `docusaurus build` of a copy, as a site's CI runs it; never rejects, so a failing build can be asserted on.
 * `--no-minify`: a cold build of the example site's three locales takes 16 s against 25 s here, and what
 * these tests check does not depend on it; the install test builds minified, as users do.
 */
export async function buildSite(siteDir: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<BuildOutcome> {
  try {
    const output = await runCommand(process.execPath, [DOCUSAURUS_BIN, 'build', '--no-minify', ...args], {
      cwd: siteDir,
      env: {...process.env, ...env, CI: 'true'},
      timeoutMs: 15 * 60_000,
      withStderr: true,
    });
    return {ok: true, output};
  } catch (error) {
    return {ok: false, output: (error as Error & {output?: string}).output ?? (error as Error).message};
  }
}

export type StaticServer = {stop: () => Promise<void>};

/**
 * A plain `docusaurus serve` of a site's build, as a static host serves it: no
 * API, no server entry. `bin`: the site's own Docusaurus, else the repository's.
 */
export async function serveBuild(siteDir: string, port: number, readyUrl: string, bin = DOCUSAURUS_BIN): Promise<StaticServer> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', String(port), '--no-open'], {
    cwd: siteDir,
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await exited;
  };
  for (let tries = 0; ; tries += 1) {
    const ok = await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return {stop};
    if (tries > 300 || child.exitCode !== null) {
      await stop();
      throw new Error(`docusaurus serve did not answer at ${readyUrl}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
