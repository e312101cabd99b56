import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {SiteManifest} from '../contracts/manifest';
import type {ExportEngineName} from '../contracts/options';
import {DocsToPdfEngine} from './export/docs-to-pdf-engine';
import {EngineSelector} from './export/engine-selector';
import {Exporter} from './export/exporter';
import {NativeEngine} from './export/native/engine';
import {readManifests} from './manifest';
import type {SiteProbe} from './site/site-probe';

/** Parent of every export's scratch directory and of the warm browser's profile. */
export const WORK_ROOT = path.join(os.tmpdir(), 'docusaurus-export-pdf');

export type ExporterSetup = {
  siteDir: string;
  /** Plugin instance whose manifests are read. */
  pluginId?: string;
  documentsDir: string;
  /** Keep a record of what each PDF holds for GET /pdf-files; off for a file the CLI writes elsewhere. */
  recordsBooks?: boolean;
  /** Origin the engines reach the site at. */
  siteOrigin: string;
  /** The site is served from its build, not by the dev server. */
  servesBuild: boolean;
  siteProbe: SiteProbe;
  /** Engine every export uses; unset: the one the site's plugin options name. */
  engine?: ExportEngineName;
  /** The native engine's books carry a structure tree; default true. */
  tagged?: boolean;
  timeoutMs: number;
  queueLimit: number;
  log: (line: string) => void;
  /** The manifests exports resolve against; default: the ones the plugin wrote in the site's `.docusaurus`. */
  loadManifests?: () => Promise<Map<string, SiteManifest>>;
};

/** The exporter with both engines, its scratch root ready and stale scratch files of dead processes gone. */
export async function createExporter(setup: ExporterSetup): Promise<Exporter> {
  await fs.mkdir(WORK_ROOT, {recursive: true});
  const exporter = new Exporter({
    engine: new EngineSelector(
      {native: new NativeEngine({workRoot: WORK_ROOT, log: setup.log, tagged: setup.tagged}), 'docs-to-pdf': new DocsToPdfEngine()},
      setup.engine,
    ),
    documentsDir: setup.documentsDir,
    recordsBooks: setup.recordsBooks,
    siteOrigin: setup.siteOrigin,
    servesBuild: setup.servesBuild,
    siteProbe: setup.siteProbe,
    loadManifests: setup.loadManifests ?? (() => readManifests(setup.siteDir, setup.pluginId)),
    timeoutMs: setup.timeoutMs,
    queueLimit: setup.queueLimit,
    workRoot: WORK_ROOT,
    log: setup.log,
  });
  await exporter.sweepStale();
  return exporter;
}
