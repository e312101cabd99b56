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

export async function requestExport(apiUrl: string): Promise<ExportSuccess> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/export-pdf`, {headers: {Accept: 'application/json'}});
  } catch {
    throw new ExportApiError(`Cannot reach the export API at ${apiUrl}`);
  }
  const body = (await response.json().catch(() => undefined)) as
    | (Partial<ExportSuccess> & {error?: string; detail?: string})
    | undefined;
  if (!response.ok || !body?.success) {
    throw new ExportApiError(body?.error ?? `The export API answered ${response.status}`, body?.detail);
  }
  return body as ExportSuccess;
}
