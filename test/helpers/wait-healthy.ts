import type {ChildProcess} from 'node:child_process';

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
