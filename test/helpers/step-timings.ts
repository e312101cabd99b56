/** Times named steps and prints each one as it ends, so slow runs show where the time went. */
export class StepTimings {
  readonly seconds = new Map<string, number>();

  constructor(private readonly label: string) {}

  async time<T>(step: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      this.seconds.set(step, seconds);
      console.log(`[${this.label}] ${step}: ${seconds.toFixed(1)} s`);
    }
  }

  summary(): string {
    const steps = [...this.seconds].map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`);
    const total = [...this.seconds.values()].reduce((sum, seconds) => sum + seconds, 0);
    return `[${this.label}] ${steps.join(', ')}; total ${total.toFixed(1)} s`;
  }
}
