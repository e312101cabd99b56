import {promises as fs} from 'node:fs';
import type {Server} from 'node:http';
import {loadSiteConfig} from '../built-site';
import {findChromium} from '../chromium';
import {createExporter} from '../create-exporter';
import type {Exporter, ExportResult} from '../export/exporter';
import {resolveExportTarget} from '../export/export-target';
import {closeServer, freePort, listen} from '../listen';
import {builtSite, defaultLocaleManifest, readBuiltManifests} from '../manifest';
import {httpSiteProbe} from '../site/site-probe';
import {createStaticSiteApp} from '../site/static-site';
import {LocalBookStore} from '../store/local-book-store';
import {CommandFailure, EXIT_CODES, toCommandFailure} from './command-failure';
import type {ExportCommandArgs} from '../../contracts/cli';
import {normalizeCommandArgs} from './command-options';
import {resolveOutputFile} from './output-file';
import {cheapPageCount} from './page-count';
import {ProgressReporter, type ProgressStream} from './progress-reporter';
import {failureLines, startText, summaryLine} from './progress-text';

/** What the command reads and writes besides files; the process's own by default. */
export type CommandIo = {
  stdout: ProgressStream;
  stderr: ProgressStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Where SIGINT and SIGTERM arrive. */
  signals: Pick<NodeJS.Process, 'on' | 'off'>;
};

const processIo = (): CommandIo => ({
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  signals: process,
});

const STOP_SIGNALS = {SIGINT: EXIT_CODES.interrupted, SIGTERM: EXIT_CODES.terminated} as const;

async function realSiteDir(siteDir: string): Promise<string> {
  try {
    return await fs.realpath(siteDir);
  } catch {
    throw new CommandFailure(EXIT_CODES.usage, `No site directory at ${siteDir}`);
  }
}

/**
 * `docusaurus export-pdf`: exports the built site to one PDF with the server's
 * own pieces (static site on a private port, exporter, engines) and no API.
 * Resolves with the exit code once the browser, the site server and any
 * partial file are gone; never rejects.
 */
export async function runExportCommand(args: ExportCommandArgs, io: CommandIo = processIo()): Promise<number> {
  const startedAt = Date.now();
  const reporter = new ProgressReporter({stream: io.stderr});
  let site: Server | undefined;
  let exporter: Exporter | undefined;
  let stoppedBy: CommandFailure | undefined;
  let closing: Promise<void> | undefined;
  // One close for the signal and the clean-up alike; it aborts a running export and closes the browser.
  const closeExporter = () => (exporter ? (closing ??= exporter.close(0).catch(() => undefined)) : Promise.resolve());
  const onSignal = (signal: keyof typeof STOP_SIGNALS) => {
    if (stoppedBy) process.exit(STOP_SIGNALS[signal]);
    stoppedBy = new CommandFailure(STOP_SIGNALS[signal], `Stopped by ${signal}`, 'The export was aborted; no file was written.');
    void closeExporter();
  };
  for (const signal of Object.keys(STOP_SIGNALS) as Array<keyof typeof STOP_SIGNALS>) io.signals.on(signal, onSignal);

  let outcome: {result: ExportResult} | {failure: CommandFailure};
  try {
    const options = normalizeCommandArgs(args, io.cwd);
    const siteDir = await realSiteDir(options.siteDir);
    const built = builtSite(siteDir, options.buildDir, options.pluginId);
    const manifests = await readBuiltManifests(built);
    const manifest = defaultLocaleManifest(manifests);
    const config = loadSiteConfig(siteDir, manifest, io.env);
    // What the user asked for is checked before anything starts, with the API's own 400 texts.
    const target = resolveExportTarget(manifests, options.selection);
    const output = await resolveOutputFile(options.out, config.documentsDir, target);
    findChromium(io.env);

    const port = await freePort();
    const siteOrigin = `http://127.0.0.1:${port}`;
    // The documents directory the API lists gets the record; a directory of the user's own does not.
    const store = new LocalBookStore(output.documentsDir, {recordsBooks: options.out === undefined});
    site = await listen(createStaticSiteApp(manifest, {store, apiPort: config.apiPort}), port, '127.0.0.1', 'site');
    exporter = await createExporter({
      siteDir,
      loadManifests: () => readBuiltManifests(built),
      store,
      siteOrigin,
      servesBuild: true,
      siteProbe: httpSiteProbe(siteOrigin + manifest.baseUrl),
      engine: options.engine ?? config.engine,
      native: config,
      timeoutMs: options.timeoutMs ?? config.exportTimeoutMs,
      queueLimit: 0,
      log: options.verbose ? (line) => reporter.log(line) : () => undefined,
    });
    const engine = options.engine ?? config.engine ?? target.manifest.options.engine;
    // Announced once the exporter has queued it, i.e. once the engine accepted what was asked.
    const stopAnnouncing = exporter.status.subscribe(() => {
      stopAnnouncing();
      reporter.log(startText({...target, siteDir, engine, path: output.path}));
    });
    exporter.status.subscribe(reporter.update);
    if (stoppedBy) throw stoppedBy;
    outcome = {result: await exporter.export(output.fileName, options.selection)};
  } catch (error) {
    outcome = {failure: stoppedBy ?? toCommandFailure(error)};
  } finally {
    reporter.finish();
  }

  await closeExporter();
  if (site) {
    site.closeAllConnections();
    await closeServer(site);
  }
  for (const signal of Object.keys(STOP_SIGNALS) as Array<keyof typeof STOP_SIGNALS>) io.signals.off(signal, onSignal);

  if ('failure' in outcome) {
    for (const line of failureLines(outcome.failure)) io.stderr.write(`${line}\n`);
    return outcome.failure.exitCode;
  }
  const {pdfPath, fileSize} = outcome.result;
  const pages = await cheapPageCount(pdfPath, fileSize);
  io.stdout.write(`${summaryLine({path: pdfPath, fileSize, pages, elapsedMs: Date.now() - startedAt})}\n`);
  return EXIT_CODES.ok;
}
