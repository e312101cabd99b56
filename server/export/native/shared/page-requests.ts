import type {HTTPRequest, Page} from 'puppeteer-core';

/**
 * What a page's content can be waiting for: a chunk of its code or styles (a component loaded
 * with `React.lazy`), or the data a script fetches before it draws (Swagger UI's OpenAPI spec).
 * Images, fonts (document.fonts says when they are in), media and streams are not.
 */
const AWAITED_TYPES = new Set(['script', 'stylesheet', 'fetch', 'xhr']);
/** A request in flight longer than this is a stream or a long poll, not data a page draws: it is not waited for. */
export const LONGEST_AWAITED_MS = 10_000;

/**
 * An address answered this many times since the page began settling is being polled (a status
 * widget, analytics): what it brings next is not what the page draws its content from.
 */
const POLLED_ANSWERS = 2;

/** An address without its query: a poller's cache-busting query makes no new address. */
const addressOf = (request: HTTPRequest) => request.url().replace(/[?#].*$/s, '');

/** The requests a tab has in flight that its page may draw from when they end. */
export class PageRequests {
  readonly #started = new Map<HTTPRequest, number>();
  /** Every address the tab asked for: a page that polls one asks for nothing new. */
  readonly #urls = new Set<string>();
  /** How many times each address was answered since the last settle began (settleWhileLoading). */
  #answered = new Map<string, number>();
  readonly #page: Page;
  readonly #longestMs: number;
  readonly #onRequest = (request: HTTPRequest) => {
    if (!AWAITED_TYPES.has(request.resourceType())) return;
    // A frame's content never prints (capture/page/book-form.ts embedsAsLinks): a demo frame whose
    // code comes from a CDN out of reach would hold every page with a playground to its deadline.
    // A frame already gone (of the document the tab left) has none (null) and does not count either.
    if (request.frame() !== this.#page.mainFrame()) return;
    this.#started.set(request, Date.now());
    this.#urls.add(addressOf(request));
  };
  readonly #onEnd = (request: HTTPRequest) => {
    if (!this.#started.delete(request)) return;
    const address = addressOf(request);
    this.#answered.set(address, (this.#answered.get(address) ?? 0) + 1);
  };

  constructor(page: Page, longestMs = LONGEST_AWAITED_MS) {
    this.#page = page;
    this.#longestMs = longestMs;
    page.on('request', this.#onRequest);
    page.on('requestfinished', this.#onEnd);
    page.on('requestfailed', this.#onEnd);
  }

  /**
   * Requests in flight for less than `longestMs` (LONGEST_AWAITED_MS), to addresses not being
   * polled; the longer ones are forgotten. A poller's next request is nearly always in flight on a
   * busy machine, where each takes longer than the poller waits between them.
   */
  pending(now = Date.now()): number {
    let count = 0;
    for (const [request, started] of this.#started) {
      if (now - started >= this.#longestMs) this.#started.delete(request);
      else if ((this.#answered.get(addressOf(request)) ?? 0) < POLLED_ANSWERS) count += 1;
    }
    return count;
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
   * hold it until the deadline. And again when `changedSince` says the page changed after the
   * spell ended: a timer that drew and fetched then, whose request the tab has not reported yet.
   */
  async settleWhileLoading(
    deadline: number,
    settle: (remainingMs: number, afterRequests: boolean) => Promise<unknown>,
    changedSince: () => Promise<boolean> = async () => false,
  ): Promise<void> {
    const remaining = () => Math.max(0, deadline - Date.now());
    this.#answered = new Map();
    let loading = this.pending() > 0;
    let asked = this.#urls.size;
    await settle(remaining(), false);
    const more = async () => loading || this.pending() > 0 || this.#urls.size > asked || (await changedSince());
    while (Date.now() < deadline && (await more())) {
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
    this.#answered.clear();
  }
}
