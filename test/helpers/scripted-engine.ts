import {writeFile} from 'node:fs/promises';
import type {ExportEngine, ExportJob} from '../../server/export/engine';
import {Exporter, type ExporterOptions} from '../../server/export/exporter';
import {LocalBookStore} from '../../server/store/local-book-store';
import {TINY_PDF, manifestsOf, testManifest} from './fixtures';

/**
 * Unit-test engine: does what the test scripts (write bytes, fail, wait) and
 * records every job, so the exporter's own logic can be tested in milliseconds.
 */
export class ScriptedEngine implements ExportEngine {
  readonly name = 'scripted';
  readonly jobs: ExportJob[] = [];
  running = 0;
  maxRunning = 0;
  /** What a test scripts for the exporter's warm-up; none: the engine keeps nothing warm. */
  warm?: ExportEngine['warm'];
  /** The browser state a test scripts; none: the engine keeps no browser. */
  browserState?: ExportEngine['browserState'];
  behaviour: (job: ExportJob) => Promise<void> = async (job) => {
    await writeFile(job.outputFile, TINY_PDF);
  };

  /** Makes every job wait until the returned function is called, then write a PDF. */
  hold(): () => void {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.behaviour = async (job) => {
      await gate;
      await writeFile(job.outputFile, TINY_PDF);
    };
    return release;
  }

  async run(job: ExportJob): Promise<void> {
    this.jobs.push(job);
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      await this.behaviour(job);
    } finally {
      this.running -= 1;
    }
  }
}

/** The real exporter around a scripted engine, with the test manifest and a site that is up; books go to the store, or to `documentsDir`. */
export function exporterWith(
  engine: ScriptedEngine,
  options: ({documentsDir: string} | Pick<ExporterOptions, 'store'>) & Pick<ExporterOptions, 'workRoot'> & Partial<ExporterOptions>,
): Exporter {
  const {documentsDir, ...rest} = {documentsDir: undefined, ...options};
  return new Exporter({
    store: documentsDir === undefined ? rest.store! : new LocalBookStore(documentsDir),
    engine,
    siteOrigin: 'http://127.0.0.1:3000',
    siteProbe: async () => true,
    loadManifests: async () => manifestsOf(testManifest()),
    timeoutMs: 5000,
    queueLimit: 5,
    log: () => undefined,
    ...rest,
  });
}
