// Runs inside Chromium before a capture tab's site scripts (see page-lib.ts): never import here.

/**
 * A capture tab keeps what the site stores to itself: `localStorage` becomes a store of the
 * document's own, in memory, empty at each load. The export's tabs share the site's storage, and
 * a page that keeps a choice there (Docusaurus' tab groups, an API reference's code-sample
 * language) read another tab's choices: a tab pressing an OpenAPI reference's code-sample tabs
 * one by one made the other tab's tabs fail to render (289 of 305 endpoint pages crashed). Each
 * tab shows its page as a reader who opened only it would.
 */
export function privateLocalStorage(): void {
  const items = new Map<string, string>();
  const store = {
    getItem: (key: string) => items.get(String(key)) ?? null,
    setItem: (key: string, value: string) => void items.set(String(key), String(value)),
    removeItem: (key: string) => void items.delete(String(key)),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
  Object.defineProperty(window, 'localStorage', {value: store, configurable: true});
  window.addEventListener('storage', (event) => event.stopImmediatePropagation(), true);
}
