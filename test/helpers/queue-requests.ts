import assert from 'node:assert/strict';

/** Long enough for any export of the example site; no assertion is made on time. */
export const ANSWER_MS = 180_000;

export type Answer = {status: number; body: Record<string, unknown>};

/** A GET to an API or site, its status and JSON body. */
export async function get(url: string): Promise<Answer> {
  const response = await fetch(url, {signal: AbortSignal.timeout(ANSWER_MS)});
  return {status: response.status, body: (await response.json()) as Record<string, unknown>};
}

/** Resolves once the export `exportId` is past discovery, as the API at `apiUrl` tells. */
export async function midExport(apiUrl: string, exportId: string): Promise<void> {
  for (;;) {
    const {body} = await get(`${apiUrl}/export-status/${exportId}`);
    if (['capture', 'assemble', 'render'].includes(body.phase as string)) return;
    assert.notEqual(body.state, 'done', 'the export ended before its worker could be stopped');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
