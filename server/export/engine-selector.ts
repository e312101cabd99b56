import type {ExportEngineName} from '../../contracts/options';
import type {BrowserState} from '../../contracts/api';
import type {ExportEngine, ExportJob} from './engine';

/** Runs each export with the engine the site's plugin options name, unless the server forces one. */
export class EngineSelector implements ExportEngine {
  readonly #engines: Record<ExportEngineName, ExportEngine>;
  readonly #forced?: ExportEngineName;
  /** The engine the site's default book uses, once warmed: the one whose browser /health reports. */
  #warmed?: ExportEngine;

  constructor(engines: Record<ExportEngineName, ExportEngine>, forced?: ExportEngineName) {
    this.#engines = engines;
    this.#forced = forced;
  }

  get name(): string {
    return this.#forced ?? 'as the site configures';
  }

  pick(job: Pick<ExportJob, 'manifest'>): ExportEngine {
    return this.#engines[this.#forced ?? job.manifest.options.engine] ?? this.#engines.native;
  }

  check(job: Pick<ExportJob, 'manifest' | 'subset'>): void {
    this.pick(job).check?.(job);
  }

  async run(job: ExportJob): Promise<void> {
    const engine = this.pick(job);
    job.log(`engine ${engine.name}`);
    await engine.run(job);
  }

  async warm(job: Pick<ExportJob, 'manifest'>, trial?: ExportJob): Promise<void> {
    this.#warmed = this.pick(job);
    await this.#warmed.warm?.(job, trial);
  }

  browserState(): BrowserState | undefined {
    return this.#warmed?.browserState?.();
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.#engines).map((engine) => engine.close?.()));
  }
}
