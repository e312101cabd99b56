export type Phase = 'discover' | 'capture' | 'assemble' | 'render';

/** Adds up the time an export spends in each phase, for its log line. */
export class PhaseClock {
  readonly totals: Record<Phase, number> = {discover: 0, capture: 0, assemble: 0, render: 0};

  async time<T>(phase: Phase, work: () => Promise<T> | T): Promise<T> {
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
