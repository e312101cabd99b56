import {useCallback, useRef, useState} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import {ExportApiError, requestExport, resolveApiUrl, type ExportPdfClientData, type ExportSuccess} from './api';

export type ExportState =
  | {status: 'idle'}
  | {status: 'busy'}
  | {status: 'done'; result: ExportSuccess}
  | {status: 'error'; message: string; detail?: string};

/** Runs one export at a time from this page and keeps its outcome. */
export function useExportPdf(): {state: ExportState; start: () => void; reset: () => void} {
  const data = usePluginData('docusaurus-plugin-export-pdf') as ExportPdfClientData;
  const [state, setState] = useState<ExportState>({status: 'idle'});
  const running = useRef(false);

  const start = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setState({status: 'busy'});
    resolveApiUrl(data)
      .then(requestExport)
      .then(
        (result) => setState({status: 'done', result}),
        (error: unknown) =>
          setState({
            status: 'error',
            message: error instanceof Error ? error.message : String(error),
            detail: error instanceof ExportApiError ? error.detail : undefined,
          }),
      )
      .finally(() => {
        running.current = false;
      });
  }, [data]);

  const reset = useCallback(() => setState({status: 'idle'}), []);
  return {state, start, reset};
}
