import assert from 'node:assert/strict';
import {mkdir, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {builtManifestDir, manifestFile, manifestFileName} from '../../../contracts/manifest';
import {EXIT_CODES} from '../../../server/export-command/command-failure';
import type {ExportCommandArgs} from '../../../contracts/cli';
import {runExportCommand, type CommandIo} from '../../../server/export-command/run-export-command';
import {tempDir, testManifest} from '../../helpers/fixtures';

type Run = {code: number; stdout: string; stderr: string; listening: number};

// Every path here fails before a browser or a server would start, so no Chromium is needed.
describe('runExportCommand failures', () => {
  let root: Awaited<ReturnType<typeof tempDir>>;
  let site: string;
  let unbuilt: string;
  let outDir: string;

  async function writeManifests(siteDir: string, locales: string[]): Promise<void> {
    for (const locale of locales) {
      const dir = builtManifestDir(path.join(siteDir, 'build', locale === 'en' ? '' : locale));
      await mkdir(dir, {recursive: true});
      const manifest = testManifest({locale: {current: locale, default: 'en', htmlLang: locale, direction: 'ltr'}});
      await writeFile(path.join(dir, manifestFileName(locale)), JSON.stringify(manifestFile(manifest)));
    }
  }

  before(async () => {
    root = await tempDir('export-pdf-command');
    site = path.join(root.dir, 'site');
    unbuilt = path.join(root.dir, 'unbuilt');
    outDir = path.join(root.dir, 'out');
    await writeManifests(site, ['en', 'fr']);
    await mkdir(unbuilt);
    await mkdir(path.join(root.dir, 'without-plugin', 'build'), {recursive: true});
    await mkdir(outDir);
  });
  after(async () => root.remove());

  async function run(args: Partial<ExportCommandArgs>, env: NodeJS.ProcessEnv = {}): Promise<Run> {
    let stdout = '';
    let stderr = '';
    const listeners = new Set<unknown>();
    const io: CommandIo = {
      stdout: {write: (text: string) => (stdout += text)},
      stderr: {write: (text: string) => (stderr += text)},
      env,
      cwd: root.dir,
      signals: {
        on: ((_: string, listener: unknown) => listeners.add(listener)) as never,
        off: ((_: string, listener: unknown) => listeners.delete(listener)) as never,
      },
    };
    const code = await runExportCommand({siteDir: 'site', out: path.join(outDir, 'book.pdf'), ...args}, io);
    return {code, stdout, stderr, listening: listeners.size};
  }

  it('says to run docusaurus build when the build has no manifest', async () => {
    const result = await run({siteDir: 'without-plugin'});
    assert.equal(result.code, EXIT_CODES.setup);
    assert.match(
      result.stderr,
      /^\[export-pdf\] Error: No export manifest in .*without-plugin\/build: build the site with `docusaurus build` first/,
    );
  });

  it('says to run docusaurus build when the build directory is missing', async () => {
    const result = await run({siteDir: 'unbuilt'});
    assert.equal(result.code, EXIT_CODES.setup);
    assert.match(
      result.stderr,
      /The build directory .*unbuilt\/build is missing: run `docusaurus build` first, or name the build with --dir\./,
    );
  });

  it('reads the build --dir names, wherever it is', async () => {
    const result = await run({siteDir: 'unbuilt', dir: 'site/build', locale: 'xx'});
    assert.equal(result.stderr, '[export-pdf] Error: Unknown locale "xx"\n[export-pdf] This site has: en, fr.\n');
  });

  it('refuses a site directory that does not exist', async () => {
    const result = await run({siteDir: 'nowhere'});
    assert.equal(result.code, EXIT_CODES.usage);
    assert.match(result.stderr, /Error: No site directory at .*nowhere\n$/);
  });

  it('names the locales the site has for an unknown one, and writes nothing', async () => {
    const result = await run({locale: 'xx'});
    assert.equal(result.code, EXIT_CODES.usage);
    assert.equal(result.stderr, '[export-pdf] Error: Unknown locale "xx"\n[export-pdf] This site has: en, fr.\n');
    assert.equal(result.stdout, '');
    assert.deepEqual(await readdir(outDir), []);
  });

  it('names the docs, categories and versions the site has for unknown ones', async () => {
    assert.match((await run({doc: 'nope'})).stderr, /Unknown doc "nope"\n.*This site has: intro, guides\/setup\./);
    assert.match((await run({category: 'Nope'})).stderr, /Unknown category "Nope"\n.*This site has: Guides\./);
    assert.match((await run({docsVersion: '9.9'})).stderr, /Unknown version "9\.9"\n.*This site has: current\./);
    assert.equal((await run({doc: 'intro', category: 'Guides'})).code, EXIT_CODES.usage);
  });

  it('refuses --out into a missing directory', async () => {
    const result = await run({out: 'missing/book.pdf'});
    assert.equal(result.code, EXIT_CODES.usage);
    assert.match(result.stderr, /Error: The directory of --out does not exist: .*missing\n/);
  });

  it('refuses an invalid file name in --out', async () => {
    const result = await run({out: 'out/.hidden.pdf'});
    assert.equal(result.code, EXIT_CODES.usage);
    assert.match(result.stderr, /Error: Invalid file name in --out: it must not start with a dot/);
  });

  it('refuses bad options before reading the site', async () => {
    const result = await run({siteDir: 'nowhere', engine: 'prince'});
    assert.equal(result.code, EXIT_CODES.usage);
    assert.match(result.stderr, /Unknown engine "prince"/);
  });

  it('names every problem of the environment, as the server does', async () => {
    const result = await run({}, {EXPORT_ENGINE: 'prince', EXPORT_TIMEOUT_MS: 'soon'});
    assert.equal(result.code, EXIT_CODES.setup);
    assert.match(
      result.stderr,
      /Error: Invalid environment\n.*EXPORT_TIMEOUT_MS must be .*; EXPORT_ENGINE must be one of native, docs-to-pdf/,
    );
  });

  it('says how to get Chromium when there is none', async () => {
    const result = await run({}, {PUPPETEER_EXECUTABLE_PATH: path.join(root.dir, 'no-chrome')});
    assert.equal(result.code, EXIT_CODES.setup);
    assert.match(result.stderr, /PUPPETEER_EXECUTABLE_PATH is set to ".*no-chrome", which is not an executable file\. Install Chromium/);
    assert.deepEqual(await readdir(outDir), []);
  });

  it('stops listening for signals once done', async () => {
    assert.equal((await run({locale: 'xx'})).listening, 0);
  });
});
