// Runs inside Chromium before a capture tab's site scripts (see page-lib.ts): never import here.

/**
 * A capture tab keeps what the site stores to itself: `localStorage` and `sessionStorage` each
 * become a store of the document's own, in memory, empty at each load. The export's tabs share
 * the site's storage, and one tab shows many pages in turn, so a page that keeps a choice there
 * read another page's or another tab's choices:
 * - a tab pressing an OpenAPI reference's code-sample tabs one by one made the other tab's tabs
 *   fail to render (289 of 305 endpoint pages crashed);
 * - the OpenAPI theme keeps the chosen server in `sessionStorage`, so an API whose spec names no
 *   server printed its code samples with the previous page's API host (80 endpoint pages of
 *   the OpenAPI demo's book).
 * Each page shows as a reader who opened only it would see it: called again before the site's
 * router shows the next page in the same document, it starts both stores afresh.
 *
 * The colour mode a page reads is light: `theme`, or `theme-<namespace>` on a site whose storage
 * is namespaced (Docusaurus' future.v4, the default of a new 3.10 site, keys it `theme-ea7`), reads
 * "light" until the page stores another. Only `theme` was set before: a site built that way with
 * `colorMode.defaultMode: 'dark'` printed its code blocks in the dark Prism theme.
 */
export function privateStorage(): void {
  const privateStore = () => {
    const items = new Map<string, string>();
    const unset = (key: string) => (/^theme(-|$)/.test(key) ? 'light' : null);
    return {
      getItem: (key: string) => items.get(String(key)) ?? unset(String(key)),
      setItem: (key: string, value: string) => void items.set(String(key), String(value)),
      removeItem: (key: string) => void items.delete(String(key)),
      clear: () => items.clear(),
      key: (index: number) => [...items.keys()][index] ?? null,
      get length() {
        return items.size;
      },
    };
  };
  Object.defineProperty(window, 'localStorage', {value: privateStore(), configurable: true});
  Object.defineProperty(window, 'sessionStorage', {value: privateStore(), configurable: true});
  if (!('__exportPdfStorage' in window)) {
    Object.defineProperty(window, '__exportPdfStorage', {value: true});
    window.addEventListener('storage', (event) => event.stopImmediatePropagation(), true);
  }
}
