// Run inside Chromium by puppeteer while a page is captured: serialized with
// Function.prototype.toString, so each function is self-contained.

declare global {
  interface Window {
    /** Set by the plugin's client module (client/route-signal.ts) each time a route renders. */
    __docusaurusExportPdf?: {path: string; renders: number};
  }
}

/**
 * Moves the page to `path` with the site's own router and waits until the route has rendered.
 * False at the deadline, or at once when a script or stylesheet of the site fails to load (the
 * site went down, or was rebuilt under the tab): the caller then loads the page afresh.
 */
export async function showRoute(path: string, timeoutMs: number): Promise<boolean> {
  const normalize = (value: string) => decodeURI(value).replace(/\/+$/, '') || '/';
  const signal = () => window.__docusaurusExportPdf;
  const deadline = Date.now() + timeoutMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  while (!signal()) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  if (normalize(signal()!.path) === normalize(path)) return true;
  // A chunk that fails to load leaves the route unrendered, with no error the router reports.
  let chunkFailed = false;
  const onError = (event: Event) => {
    const element = event.target;
    const url =
      element instanceof HTMLScriptElement
        ? element.src
        : element instanceof HTMLLinkElement && element.rel === 'stylesheet'
          ? element.href
          : '';
    if (url && new URL(url, location.href).origin === location.origin) chunkFailed = true;
  };
  window.addEventListener('error', onError, true);
  try {
    const before = signal()!.renders;
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
    while (signal()!.renders === before) {
      if (chunkFailed || Date.now() > deadline) return false;
      await sleep(5);
    }
    return true;
  } finally {
    window.removeEventListener('error', onError, true);
  }
}

/**
 * Waits for what a page needs before it is captured: the expected number of
 * Mermaid diagrams, web fonts, and a short spell without DOM changes (effects
 * that render after the route) that ends with the page's main thread idle.
 * Gives up at the deadline and says what was missing.
 */
export async function settlePage(options: {mermaidDiagrams: number; quietMs: number; timeoutMs: number}): Promise<string[]> {
  const deadline = Date.now() + options.timeoutMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const IDLE_WAIT_MS = 1000;
  const warnings: string[] = [];
  const diagrams = () => document.querySelectorAll('.docusaurus-mermaid-container svg').length;
  while (diagrams() < options.mermaidDiagrams && Date.now() < deadline) await sleep(10);
  if (diagrams() < options.mermaidDiagrams) {
    warnings.push(`${options.mermaidDiagrams - diagrams()} Mermaid diagram(s) did not render`);
  }
  await Promise.race([document.fonts.ready, sleep(Math.max(0, deadline - Date.now()))]);
  let lastChange = Date.now();
  // Kept watching after the spell (changedSinceSettled): a timer can draw just as it ends.
  const host = window as unknown as {__exportPdfSettle?: {observer: MutationObserver; changed: boolean}};
  host.__exportPdfSettle?.observer.disconnect();
  const observer = new MutationObserver(() => {
    lastChange = Date.now();
    if (host.__exportPdfSettle) host.__exportPdfSettle.changed = true;
  });
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  // On a busy machine a quiet spell can pass while the page is still evaluating a chunk it loaded
  // or rendering from it (React commits a lazy component well after its chunk arrives), and the
  // loading placeholder would be captured: the spell counts only once the main thread has had
  // nothing to do, as requestIdleCallback says (bounded, should a tab never be idle).
  const idle = () =>
    new Promise((resolve) => requestIdleCallback(resolve, {timeout: Math.max(1, Math.min(IDLE_WAIT_MS, deadline - Date.now()))}));
  for (;;) {
    while (Date.now() - lastChange < options.quietMs && Date.now() < deadline) await sleep(4);
    if (Date.now() >= deadline) break;
    const changed = lastChange;
    await idle();
    if (lastChange === changed) break;
  }
  host.__exportPdfSettle = {observer, changed: false};
  return warnings;
}

/**
 * Whether the page's DOM changed after settlePage's spell ended; stops watching it, so the
 * capture's own changes to the page that follow are not observed for nothing.
 */
export function changedSinceSettled(): boolean {
  const state = (window as unknown as {__exportPdfSettle?: {observer: MutationObserver; changed: boolean}}).__exportPdfSettle;
  state?.observer.disconnect();
  return state?.changed ?? false;
}
