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
  readonly #page: Page;
  readonly #longestMs: number;
  readonly #onRequest = (request: HTTPRequest) => {
    if (AWAITED_TYPES.has(request.resourceType())) this.#started.set(request, Date.now());
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
   * While requests are pending and `deadline` has not passed: waits for them, then runs `settle`
   * with the time left (the page draws what they brought, and may start more).
   */
  async whileLoading(deadline: number, settle: (remainingMs: number) => Promise<unknown>): Promise<void> {
    while (this.pending() > 0 && Date.now() < deadline) {
      await this.drained(deadline);
      await settle(Math.max(0, deadline - Date.now()));
    }
  }

  stop(): void {
    this.#page.off('request', this.#onRequest);
    this.#page.off('requestfinished', this.#onEnd);
    this.#page.off('requestfailed', this.#onEnd);
    this.#started.clear();
  }
}
