import type {EnginePhase} from '../../../../contracts/progress';

/** Adds up the time an export spends in each phase, for its log line. */
export class PhaseClock {
  readonly totals: Record<EnginePhase, number> = {discover: 0, capture: 0, assemble: 0, render: 0, merge: 0};

  async time<T>(phase: EnginePhase, work: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.totals[phase] += performance.now() - started;
    }
  }

  summary(): string {
    return Object.entries(this.totals)
      .map(([phase, ms]) => `${phase}=${Math.round(ms)}ms`)
      .join(' ');
  }
}
