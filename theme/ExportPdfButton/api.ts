import type {
  ClientData,
  ErrorBody,
  ExportQuery,
  ExportStatus,
  ExportSuccess,
  PdfFileEntry,
  PdfFilesBody,
  RuntimeConfig,
} from 'docusaurus-plugin-export-pdf';

/** An export as GET /export-status and /export-events report it: the fields the UI uses. */
export type ExportProgress = Pick<ExportStatus, 'state' | 'phase' | 'done' | 'total' | 'percent' | 'queuePosition' | 'elapsedMs'>;

/** What the button asks for: the reader's locale, docs instance and version, and an id to follow. */
export type ExportRequest = Pick<ExportQuery, 'locale' | 'docsPluginId' | 'version' | 'exportId'>;

export class ExportApiError extends Error {
  readonly detail?: string;

  constructor(message: string, detail?: string) {
    super(message);
    this.name = 'ExportApiError';
    this.detail = detail;
  }
}

/** The API answered 401: the token is missing or wrong. */
export class ExportAuthError extends ExportApiError {
  constructor(message: string, detail?: string) {
    super(message, detail);
    this.name = 'ExportAuthError';
  }
}

/*
 * The token lives in localStorage, one per API, so it survives reloads. Storage can
 * throw (private mode, blocked cookies) and does not exist during server-side
 * rendering: every access is guarded and only runs from handlers.
 */
const tokenKey = (apiUrl: string) => `docusaurus-plugin-export-pdf:token:${apiUrl}`;

export function loadToken(apiUrl: string): string | undefined {
  try {
    return window.localStorage.getItem(tokenKey(apiUrl)) || undefined;
  } catch {
    return undefined;
  }
}

export function saveToken(apiUrl: string, token: string): void {
  try {
    window.localStorage.setItem(tokenKey(apiUrl), token);
  } catch {
    // Not kept: the person types it again next time.
  }
}

export function forgetToken(apiUrl: string): void {
  try {
    window.localStorage.removeItem(tokenKey(apiUrl));
  } catch {
    // Nothing stored that could be removed.
  }
}

/**
 * The API's base URL: the configured one, else the page's host on the port the
 * site server reports, else the port the site was built with.
 */
export async function resolveApiUrl(data: ClientData): Promise<string> {
  if (data.apiUrl) return data.apiUrl;
  let port = data.apiPort;
  try {
    const response = await fetch(data.runtimeConfigPath, {cache: 'no-store'});
    if (response.ok) {
      const runtime = (await response.json()) as Partial<RuntimeConfig>;
      if (typeof runtime.apiPort === 'number') port = runtime.apiPort;
    }
  } catch {
    // A site served by something else than the server entry: keep the build-time port.
  }
  return `${window.location.protocol}//${window.location.hostname}:${port}`;
}

function headersFor(token?: string): Record<string, string> {
  const headers: Record<string, string> = {Accept: 'application/json'};
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** GETs `url` and gives its JSON body, or throws the API's error text. */
async function getJson<T>(apiUrl: string, url: string, token?: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {headers: headersFor(token), signal});
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ExportApiError(`Cannot reach the export API at ${apiUrl}`);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  const failure = body as Partial<ErrorBody> | undefined;
  if (response.status === 401) {
    throw new ExportAuthError(failure?.error ?? 'Authentication required', failure?.detail);
  }
  if (!response.ok || !body || failure?.success === false) {
    throw new ExportApiError(failure?.error ?? `The export API answered ${response.status}`, failure?.detail);
  }
  return body as T;
}

export async function requestExport(apiUrl: string, token?: string, request: ExportRequest = {}): Promise<ExportSuccess> {
  const query = new URLSearchParams();
  if (request.locale) query.set('locale', request.locale);
  if (request.docsPluginId) query.set('docsPluginId', request.docsPluginId);
  if (request.version) query.set('version', request.version);
  if (request.exportId) query.set('exportId', request.exportId);
  const search = query.toString() ? `?${query}` : '';
  return getJson<ExportSuccess>(apiUrl, `${apiUrl}/export-pdf${search}`, token);
}

export async function listPdfFiles(apiUrl: string, token?: string, signal?: AbortSignal): Promise<PdfFileEntry[]> {
  const body = await getJson<PdfFilesBody>(apiUrl, `${apiUrl}/pdf-files`, token, signal);
  return [...body.files].sort((a, b) => Date.parse(b.modified) - Date.parse(a.modified));
}

/** A random id for one export, so its progress can be followed. */
export function newExportId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Reads `status` events off a server-sent event stream until it ends. */
async function readEvents(body: ReadableStream<Uint8Array>, onStatus: (progress: ExportProgress) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const {value, done} = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, {stream: true});
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const lines = block.split('\n');
      if (!lines.includes('event: status')) continue;
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      onStatus(JSON.parse(data) as ExportProgress);
    }
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows one export's progress until `signal` aborts: the API's event stream
 * (fetch, so the token can go in a header), else polling its status. Progress
 * is a nicety: when the API cannot report it, this just stops.
 */
export async function followExport(
  apiUrl: string,
  exportId: string,
  token: string | undefined,
  onStatus: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  try {
    const response = await fetch(`${apiUrl}/export-events?id=${encodeURIComponent(exportId)}`, {
      headers: {...headersFor(token), Accept: 'text/event-stream'},
      signal,
    });
    if (response.ok && response.body) {
      await readEvents(response.body, onStatus);
      return;
    }
  } catch {
    if (signal.aborted) return;
  }
  while (!signal.aborted) {
    try {
      onStatus(await getJson<ExportProgress>(apiUrl, `${apiUrl}/export-status/${encodeURIComponent(exportId)}`, token, signal));
    } catch {
      // Not queued yet, or an API without progress reporting: the export itself is unaffected.
    }
    await sleep(1000, signal);
  }
}
