/** What the plugin hands the browser (see plugin/client-data.ts). */
export type ExportPdfClientData = {
  apiUrl?: string;
  apiPort: number;
  runtimeConfigPath: string;
};

/** Success body of GET /export-pdf. */
export type ExportSuccess = {
  success: true;
  message: string;
  pdfPath: string;
  pdfUrl: string;
  fileName: string;
  fileSize: number;
  fileSizeMB: string;
};

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
export async function resolveApiUrl(data: ExportPdfClientData): Promise<string> {
  if (data.apiUrl) return data.apiUrl;
  let port = data.apiPort;
  try {
    const response = await fetch(data.runtimeConfigPath, {cache: 'no-store'});
    if (response.ok) {
      const runtime = (await response.json()) as {apiPort?: unknown};
      if (typeof runtime.apiPort === 'number') port = runtime.apiPort;
    }
  } catch {
    // A site served by something else than the server entry: keep the build-time port.
  }
  return `${window.location.protocol}//${window.location.hostname}:${port}`;
}

export async function requestExport(apiUrl: string, token?: string): Promise<ExportSuccess> {
  const headers: Record<string, string> = {Accept: 'application/json'};
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/export-pdf`, {headers});
  } catch {
    throw new ExportApiError(`Cannot reach the export API at ${apiUrl}`);
  }
  const body = (await response.json().catch(() => undefined)) as
    | (Partial<ExportSuccess> & {error?: string; detail?: string})
    | undefined;
  if (response.status === 401) {
    throw new ExportAuthError(body?.error ?? 'Authentication required', body?.detail);
  }
  if (!response.ok || !body?.success) {
    throw new ExportApiError(body?.error ?? `The export API answered ${response.status}`, body?.detail);
  }
  return body as ExportSuccess;
}
