import type {Page} from 'puppeteer-core';
import type {PageRequests} from '../shared/page-requests';
import {loadLateImages} from './page/late-images';
import {changedSinceSettled, settlePage} from './page/route';

/** Idle after the last DOM change before a page counts as rendered: covers effects that run after the route. */
const QUIET_MS = 16;
/**
 * Idle after the page's requests have ended: what a script fetched is parsed and drawn in later
 * tasks (Swagger UI resolves its spec, then renders), which may start further requests.
 */
const QUIET_AFTER_REQUESTS_MS = 200;

/**
 * Waits until a page shown in a capture tab is drawn: what settlePage waits for, then, while the
 * page has code, styles or data in flight that it may draw from (page-requests.ts), for those and
 * a spell without DOM changes after them. Gives up at the deadline and says what was missing.
 */
export async function settleRendered(page: Page, requests: PageRequests, mermaidDiagrams: number, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let warnings: string[] = [];
  const settle = () =>
    requests.settleWhileLoading(
      deadline,
      async (remainingMs, afterRequests) => {
        const quietMs = afterRequests ? QUIET_AFTER_REQUESTS_MS : QUIET_MS;
        warnings = await page.evaluate(settlePage, {mermaidDiagrams, quietMs, timeoutMs: remainingMs});
      },
      // A timer that drew (and fetched) as the spell ended: its request may not have reached us yet.
      () => page.evaluate(changedSinceSettled).catch(() => false),
    );
  await settle();
  // Pictures swapped in on scroll: once the page is drawn, each is scrolled to, then drawn again.
  const late = await page.evaluate(loadLateImages, Math.max(1, deadline - Date.now()));
  if (late.found > 0) await settle();
  if (late.left > 0) warnings.push(`${late.left} picture(s) a script loads late still showed their placeholder`);
  const left = requests.pending();
  if (left > 0) warnings.push(`${left} request(s) the page made had not ended at its deadline: what they bring may be missing`);
  return warnings;
}
