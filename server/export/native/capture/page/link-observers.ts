// Run inside Chromium in a capture tab (see page-lib.ts).

/**
 * Docusaurus' `Link` (@docusaurus/core, client/exports/Link.js) watches its anchor with an
 * IntersectionObserver to prefetch the route once it comes on screen. Each time the link renders
 * again it makes a new observer and drops the old one without disconnecting it, unless the
 * anchor was seen. The links off screen re-render on every route, so a capture tab moving
 * through hundreds of routes gathered thousands of live observers, all computed on every frame:
 * on the 3,000-doc benchmark site, 40 s of the 61 s a tab spent on 60 routes.
 *
 * From now on, an observer that starts to watch an anchor takes over from an earlier one of the
 * same callback code and the same options that still watches it: the earlier one lets that
 * anchor go. Observers of other code, other options or another root, and of other elements, are
 * left as they are.
 */
export function replaceLinkObservers(): void {
  const Native = window.IntersectionObserver;
  if (typeof Native !== 'function') return;
  const kinds = new WeakMap<IntersectionObserver, string>();
  const watchers = new WeakMap<Element, Map<string, IntersectionObserver>>();
  class LinkObserver extends Native {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      super(callback, options);
      // An observer of a root of its own is never taken as another's successor.
      if (!options?.root) kinds.set(this, JSON.stringify([String(callback), this.rootMargin, this.thresholds]));
    }

    override observe(target: Element): void {
      const kind = kinds.get(this);
      if (kind !== undefined && target instanceof HTMLAnchorElement) {
        let byKind = watchers.get(target);
        if (!byKind) watchers.set(target, (byKind = new Map()));
        const earlier = byKind.get(kind);
        if (earlier && earlier !== this) earlier.unobserve(target);
        byKind.set(kind, this);
      }
      super.observe(target);
    }
  }
  window.IntersectionObserver = LinkObserver;
}
