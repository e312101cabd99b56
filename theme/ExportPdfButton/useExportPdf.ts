import {useCallback, useRef, useState} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import {
  ExportApiError,
  ExportAuthError,
  forgetToken,
  loadToken,
  requestExport,
  resolveApiUrl,
  saveToken,
  type ExportPdfClientData,
  type ExportSuccess,
} from './api';

export type ExportState =
  | {status: 'idle'}
  | {status: 'busy'}
  | {status: 'done'; result: ExportSuccess}
  | {status: 'needs-token'; message: string}
  | {status: 'error'; message: string; detail?: string};

/** Runs one export at a time from this page and keeps its outcome. */
export function useExportPdf(): {
  state: ExportState;
  start: () => void;
  submitToken: (token: string) => void;
  reset: () => void;
} {
  const data = usePluginData('docusaurus-plugin-export-pdf') as ExportPdfClientData;
  const [state, setState] = useState<ExportState>({status: 'idle'});
  const running = useRef(false);

  /** A given token is stored and used even if storage refuses it; else the stored one is used. */
  const run = useCallback(
    (given?: string) => {
      if (running.current) return;
      running.current = true;
      setState({status: 'busy'});
      let apiUrl: string | undefined;
      resolveApiUrl(data)
        .then((url) => {
          apiUrl = url;
          if (given) saveToken(url, given);
          return requestExport(url, given ?? loadToken(url));
        })
        .then(
          (result) => setState({status: 'done', result}),
          (error: unknown) => {
            if (error instanceof ExportAuthError) {
              // Missing or rejected: a stored token would only fail again.
              if (apiUrl) forgetToken(apiUrl);
              setState({status: 'needs-token', message: error.message});
              return;
            }
            setState({
              status: 'error',
              message: error instanceof Error ? error.message : String(error),
              detail: error instanceof ExportApiError ? error.detail : undefined,
            });
          },
        )
        .finally(() => {
          running.current = false;
        });
    },
    [data],
  );

  const start = useCallback(() => run(), [run]);
  const submitToken = useCallback(
    (token: string) => {
      const trimmed = token.trim();
      if (trimmed) run(trimmed);
    },
    [run],
  );
  const reset = useCallback(() => setState({status: 'idle'}), []);
  return {state, start, submitToken, reset};
}
