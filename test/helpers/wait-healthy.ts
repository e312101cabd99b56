import assert from 'node:assert/strict';
import type {ChildProcess} from 'node:child_process';
import type {HealthReport} from '../../contracts/api';

/** Polls `{apiUrl}/health` until it answers 200; false once `child` has exited or `timeoutMs` passed. */
export async function waitHealthy(apiUrl: string, child: ChildProcess, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${apiUrl}/health`, {signal: AbortSignal.timeout(2000)}).then(
      (response) => response.status,
      () => undefined,
    );
    if (status === 200) return true;
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A health report's services but the browser, whose state moves on by itself (starting, then running). */
export function servicesButBrowser(services: HealthReport['services']): Omit<HealthReport['services'], 'browser'> {
  const {browser, ...others} = services;
  assert.ok(browser === undefined || ['starting', 'running', 'stopped'].includes(browser), `services.browser: ${browser}`);
  return others;
}

/** Asserts that `{apiUrl}/health` reports the API, the site and the fonts all fine, and no browser stopped. */
export async function assertHealthy(apiUrl: string): Promise<void> {
  const response = await fetch(`${apiUrl}/health`);
  assert.equal(response.status, 200);
  const body = (await response.json()) as HealthReport;
  assert.equal(body.status, 'ok');
  assert.deepEqual(servicesButBrowser(body.services), {api: 'running', site: 'running', fonts: 'complete', store: 'running'});
  assert.notEqual(body.services.browser, 'stopped');
}

/**
 * services.browser of /health, polled until it says running (at most 90 s: the trial export that
 * warms the browser took over 30 s with the suite beside an export, at a load of 20): each state
 * seen once, in order.
 */
export async function browserStatesUntilRunning(apiUrl: string): Promise<string[]> {
  const states: string[] = [];
  const deadline = Date.now() + 90_000;
  while (states.at(-1) !== 'running' && Date.now() < deadline) {
    const state = String(((await (await fetch(`${apiUrl}/health`)).json()) as HealthReport).services.browser);
    if (states.at(-1) !== state) states.push(state);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return states;
}
