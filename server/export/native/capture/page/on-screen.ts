// Run inside Chromium in a capture tab (see page-lib.ts), before replaceLinkObservers, which tells
// observers apart by their callbacks: it must see each page's own, not this file's wrapper.

/**
 * A reader of a book sees the whole page, as a reader of the site does by scrolling it: every
 * element an IntersectionObserver watches is reported on screen. A component that draws its
 * content only once it scrolls into view (a playground that makes its demo frames then, a chart,
 * a "fade in" section) draws it in the capture tab too, where nothing scrolls; before, only what
 * fitted in the tab's first screen did, and the rest printed as an empty box or not at all.
 *
 * Links are the exception: Docusaurus' `Link` prefetches a route once its anchor is on screen
 * (see link-observers.ts), and reporting every anchor would fetch every route the page links to.
 */
export function everythingOnScreen(): void {
  const Observer = window.IntersectionObserver;
  if (typeof Observer !== 'function') return;
  const shown = (entry: IntersectionObserverEntry): IntersectionObserverEntry =>
    entry.isIntersecting && entry.intersectionRatio >= 1
      ? entry
      : {
          boundingClientRect: entry.boundingClientRect,
          intersectionRect: entry.boundingClientRect,
          rootBounds: entry.rootBounds,
          target: entry.target,
          time: entry.time,
          isIntersecting: true,
          intersectionRatio: 1,
        };
  class OnScreen extends Observer {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      super(
        (entries, observer) =>
          callback(
            entries.map((entry) => (entry.target instanceof HTMLAnchorElement ? entry : shown(entry))),
            observer,
          ),
        options,
      );
    }
  }
  window.IntersectionObserver = OnScreen;
}
