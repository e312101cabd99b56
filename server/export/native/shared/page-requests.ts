import type {HTTPRequest, Page} from 'puppeteer-core';

/**
 * What a page's content can be waiting for: a chunk of its code or styles (a component loaded
 * with `React.lazy`), or the data a script fetches before it draws (Swagger UI's OpenAPI spec).
 * Images, fonts (document.fonts says when they are in), media and streams are not.
 */
const AWAITED_TYPES = new Set(['script', 'stylesheet', 'fetch', 'xhr']);
/** A request in flight longer than this is a stream or a long poll, not data a page draws: it is not waited for. */
export const LONGEST_AWAITED_MS = 10_000;

/** The requests a tab has in flight that its page may draw from when they end. */
export class PageRequests {
  readonly #started = new Map<HTTPRequest, number>();
  /**
   * Every address the tab asked for, without its query: a page that polls one, cache-busting
   * query or not (analytics, a status widget), asks for nothing new.
   */
  readonly #urls = new Set<string>();
  readonly #page: Page;
  readonly #longestMs: number;
  readonly #onRequest = (request: HTTPRequest) => {
    if (!AWAITED_TYPES.has(request.resourceType())) return;
    this.#started.set(request, Date.now());
    this.#urls.add(request.url().replace(/[?#].*$/s, ''));
  };
  readonly #onEnd = (request: HTTPRequest) => void this.#started.delete(request);

  constructor(page: Page, longestMs = LONGEST_AWAITED_MS) {
    this.#page = page;
    this.#longestMs = longestMs;
    page.on('request', this.#onRequest);
    page.on('requestfinished', this.#onEnd);
    page.on('requestfailed', this.#onEnd);
  }

  /** Requests in flight for less than `longestMs` (LONGEST_AWAITED_MS); the longer ones are forgotten. */
  pending(now = Date.now()): number {
    for (const [request, started] of this.#started) if (now - started >= this.#longestMs) this.#started.delete(request);
    return this.#started.size;
  }

  /** Waits until none is pending, or `deadline` (a Date.now() time) passes: true when none is. */
  async drained(deadline: number): Promise<boolean> {
    while (this.pending() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return this.pending() === 0;
  }

  /**
   * Runs `settle` (a spell without DOM changes) with the time left before `deadline` (a Date.now()
   * time), then, while requests are pending, waits for them and settles again (`afterRequests`):
   * the page draws what they brought, and may ask for more. A request in flight as it begins
   * counts even when it ends during the first spell: a lazy component's chunk arrives, React draws
   * from it a while later (on a busy machine, after the spell), then fetches its data. It settles
   * again while each spell asks for an address not asked before: a page that polls one does not
   * hold it until the deadline.
   */
  async settleWhileLoading(deadline: number, settle: (remainingMs: number, afterRequests: boolean) => Promise<unknown>): Promise<void> {
    const remaining = () => Math.max(0, deadline - Date.now());
    let loading = this.pending() > 0;
    let asked = this.#urls.size;
    await settle(remaining(), false);
    while ((loading || this.pending() > 0 || this.#urls.size > asked) && Date.now() < deadline) {
      loading = false;
      await this.drained(deadline);
      asked = this.#urls.size;
      await settle(remaining(), true);
    }
  }

  stop(): void {
    this.#page.off('request', this.#onRequest);
    this.#page.off('requestfinished', this.#onEnd);
    this.#page.off('requestfailed', this.#onEnd);
    this.#started.clear();
    this.#urls.clear();
  }
}
