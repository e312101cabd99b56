import {spawn} from 'node:child_process';
import {createHash} from 'node:crypto';
import {createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {builtManifestDir} from '../../contracts/manifest';
import {killTree} from '../../server/export/process-tree';
import {EXAMPLE, type SiteSize} from './site-size';

export type SitePreparation = {
  siteDir: string;
  generated: boolean;
  /** Why this run built the site; undefined when its build was current. */
  buildReason?: string;
  /** Wall time of `docusaurus build`, when this run built the site. */
  buildMs?: number;
  buildLog?: string;
};

/** What the generator writes; a change to any of them makes the build stale. */
const SOURCES = ['docusaurus.config.ts', 'sidebars.ts', 'package.json', 'docs', 'src', 'static'];
/** The compiled plugin a site build bundles (its client module and theme included). */
const PLUGIN_OUTPUT = ['lib/contracts', 'lib/plugin', 'lib/theme', 'lib/client'];
/** Written beside build/ after a build: the fingerprint of the plugin that build bundled. */
const BUILD_STAMP = '.bench-build.json';

/** Children (generator, docusaurus build) a Ctrl-C must stop. */
export const runningTools = new Set<number>();

function filesUnder(entry: string): string[] {
  const stats = statSync(entry, {throwIfNoEntry: false});
  if (!stats) return [];
  if (!stats.isDirectory()) return [entry];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

function newestMtime(entry: string): number {
  return Math.max(0, ...filesUnder(entry).map((file) => statSync(file).mtimeMs));
}

/**
 * By content, not mtime: the tests rebuild lib/ all the time, mostly to the same bytes, and
 * a site rebuild costs minutes.
 */
function pluginFingerprint(repoRoot: string): string {
  const hash = createHash('sha256');
  for (const file of PLUGIN_OUTPUT.flatMap((dir) => filesUnder(path.join(repoRoot, dir)))) {
    hash
      .update(`${path.relative(repoRoot, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  }
  return hash.digest('hex');
}

function builtFingerprint(siteDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(siteDir, BUILD_STAMP), 'utf8')) as {plugin?: string}).plugin;
  } catch {
    return undefined;
  }
}

/** Why the site needs a build even to start, or undefined when it has one. */
function missingBuild(siteDir: string): string | undefined {
  if (!existsSync(path.join(siteDir, 'build', 'index.html'))) return 'no build';
  // The server reads its export manifest from the build.
  if (!existsSync(builtManifestDir(path.join(siteDir, 'build')))) return 'no export manifest';
  return undefined;
}

/** Why the site needs a build, or undefined when its build is current. */
function staleBuild(siteDir: string, plugin: string): string | undefined {
  const missing = missingBuild(siteDir);
  if (missing) return missing;
  const builtPage = statSync(path.join(siteDir, 'build', 'index.html'));
  if (Math.max(...SOURCES.map((name) => newestMtime(path.join(siteDir, name)))) > builtPage.mtimeMs) return 'sources changed';
  if (builtFingerprint(siteDir) !== plugin) return 'built with another lib/ (plugin, theme or client module)';
  return undefined;
}

function runTool(label: string, args: string[], cwd: string, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile);
    const child = spawn(process.execPath, args, {cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true});
    if (child.pid) runningTools.add(child.pid);
    child.stdout.pipe(log, {end: false});
    child.stderr.pipe(log, {end: false});
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (child.pid) {
        runningTools.delete(child.pid);
        // docusaurus build's webpack workers must not outlive it.
        killTree(child.pid);
      }
      log.end(() =>
        code === 0
          ? resolve()
          : reject(new Error(`${label} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}; see ${logFile}`)),
      );
    });
  });
}

/** `docusaurus build` in the site's directory (what `npm run build -w example-site` runs there), into `result`. */
async function build(repoRoot: string, siteDir: string, logFile: string, result: SitePreparation): Promise<void> {
  const docusaurus = path.join(repoRoot, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
  result.buildLog = logFile;
  const started = performance.now();
  await runTool('docusaurus build', [docusaurus, 'build'], siteDir, logFile);
  result.buildMs = performance.now() - started;
}

/**
 * The example site is the repository's: never generated nor edited, built only when its build is
 * missing (`npm run build` rebuilds it with the plugin; the tests do too).
 */
async function prepareExampleSite(repoRoot: string, sitesDir: string): Promise<SitePreparation> {
  const siteDir = path.join(repoRoot, 'example-site');
  const result: SitePreparation = {siteDir, generated: false, buildReason: missingBuild(siteDir)};
  if (result.buildReason) await build(repoRoot, siteDir, path.join(sitesDir, `build-${EXAMPLE}.log`), result);
  return result;
}

/**
 * The example site, or the generated site of that many docs: generated when missing and built
 * when its build is missing or stale.
 */
export async function prepareSite(repoRoot: string, size: SiteSize): Promise<SitePreparation> {
  if (!existsSync(path.join(repoRoot, 'lib', 'plugin', 'index.js'))) throw new Error('no lib/plugin: run `npm run build:package` first');
  const sitesDir = path.join(repoRoot, '.bench', 'sites');
  mkdirSync(sitesDir, {recursive: true});
  if (size === EXAMPLE) return prepareExampleSite(repoRoot, sitesDir);
  const docs = size;
  const siteDir = path.join(sitesDir, `docs-${docs}`);
  const result: SitePreparation = {siteDir, generated: false};
  if (!existsSync(path.join(siteDir, '.bench-site')) || !existsSync(path.join(siteDir, 'docusaurus.config.ts'))) {
    const generator = path.join(repoRoot, 'scripts', 'bench', 'generate-site.ts');
    await runTool(
      'generate-site',
      ['--import', 'tsx', generator, '--docs', String(docs), '--out', siteDir],
      repoRoot,
      path.join(sitesDir, `generate-${docs}.log`),
    );
    result.generated = true;
  }
  const plugin = pluginFingerprint(repoRoot);
  result.buildReason = staleBuild(siteDir, plugin);
  if (result.buildReason) {
    await build(repoRoot, siteDir, path.join(sitesDir, `build-${docs}.log`), result);
    writeFileSync(path.join(siteDir, BUILD_STAMP), `${JSON.stringify({plugin, builtAt: new Date().toISOString()}, null, 2)}\n`);
  }
  return result;
}
