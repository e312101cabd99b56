import http from 'node:http';

export type ExportAnswer = {ok: true; pdfPath: string; fileName: string; fileSize: number} | {ok: false; error: string};

type Body = {pdfPath?: unknown; fileName?: unknown; fileSize?: unknown; error?: unknown; detail?: unknown};

function describeFailure(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as Body;
    return `HTTP ${status}: ${String(body.error ?? 'no error field')}${body.detail ? ` (${String(body.detail)})` : ''}`;
  } catch {
    return `HTTP ${status}: ${text.slice(0, 300)}`;
  }
}

/**
 * `GET /export-pdf` with node:http rather than fetch: undici's fetch gives up on response
 * headers after 300 s, and a docs-to-pdf export of a hundred docs takes about that long.
 */
export function requestExport(apiOrigin: string, fileName: string, deadlineMs: number, signal: AbortSignal): Promise<ExportAnswer> {
  const url = `${apiOrigin}/export-pdf?fileName=${encodeURIComponent(fileName)}`;
  return new Promise((resolve) => {
    const request = http.get(url, {agent: false, signal}, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => resolve({ok: false, error: error.message}));
      response.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) return resolve({ok: false, error: describeFailure(status, text)});
        try {
          const body = JSON.parse(text) as Body;
          if (typeof body.pdfPath !== 'string' || typeof body.fileSize !== 'number') throw new Error('no pdfPath/fileSize');
          resolve({ok: true, pdfPath: body.pdfPath, fileName: String(body.fileName), fileSize: body.fileSize});
        } catch (error) {
          resolve({ok: false, error: `HTTP ${status} with an unexpected body (${(error as Error).message}): ${text.slice(0, 300)}`});
        }
      });
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${Math.round(deadlineMs / 1000)} s (runner deadline)`));
    }, deadlineMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      const reason: unknown = signal.aborted ? signal.reason : error;
      resolve({ok: false, error: reason instanceof Error ? reason.message : String(reason)});
    });
  });
}
