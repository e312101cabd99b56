// Run inside Chromium in a capture tab (see page-lib.ts).

/** What pinClock keeps on the page's window: the browser's own Date, and how far the page's clock is moved from it. */
type Clock = {real: DateConstructor; offset: number};

/**
 * From now on, the page's clock (`new Date()`, `Date()`, `Date.now()`) reads noon of today, and
 * runs on from there. Mermaid's Gantt charts draw a line where the current time is: read from the
 * real clock, the line moved a pixel every few minutes, so the part that held the chart was
 * printed again at every export (print-cache/part-key.ts hashes the part's HTML). A book shows the
 * day it was made (its cover), and so does what its pages draw from the clock. Noon: the same
 * date in every time zone but the farthest from UTC, for a page that shows the date in UTC.
 * The clock runs (it is moved, not stopped): scripts that time what they do by it keep working.
 * Called again as each page is shown (capture-chapters.ts), so a chart drawn a second after its
 * page was shown reads the same time in every export of the day, however long the export ran.
 */
export function pinClock(): void {
  const host = window as unknown as {Date: DateConstructor; __exportPdfClock?: Clock};
  let clock = host.__exportPdfClock;
  if (!clock) {
    const real = Date;
    const state: Clock = {real, offset: 0};
    clock = state;
    const now = () => real.now() + state.offset;
    host.Date = new Proxy(real, {
      construct: (target, args, newTarget) => Reflect.construct(target, args.length > 0 ? args : [now()], newTarget),
      apply: () => new real(now()).toString(),
      get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
    });
    host.__exportPdfClock = state;
  }
  const noon = new clock.real();
  noon.setHours(12, 0, 0, 0);
  clock.offset = noon.getTime() - clock.real.now();
}
