import {useCallback, useEffect, useRef, useState} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {ClientData, PdfFileEntry} from 'docusaurus-plugin-export-pdf';
import {ExportApiError, listPdfFiles, loadToken, resolveApiUrl} from '../ExportPdfButton/api';

export type PdfFilesState =
  {status: 'loading'} | {status: 'ready'; files: PdfFileEntry[]} | {status: 'error'; message: string; detail?: string};

/** The API's list of PDFs, newest first, loaded in the browser; `reload` asks again. */
export function usePdfFiles(): {state: PdfFilesState; reload: () => void} {
  const data = usePluginData('docusaurus-plugin-export-pdf') as ClientData;
  const [state, setState] = useState<PdfFilesState>({status: 'loading'});
  const current = useRef<AbortController | undefined>(undefined);

  const reload = useCallback(() => {
    current.current?.abort();
    const request = new AbortController();
    current.current = request;
    resolveApiUrl(data)
      .then((apiUrl) => listPdfFiles(apiUrl, loadToken(apiUrl), request.signal))
      .then(
        (files) => {
          if (!request.signal.aborted) setState({status: 'ready', files});
        },
        (error: unknown) => {
          if (request.signal.aborted) return;
          setState({
            status: 'error',
            message: error instanceof Error ? error.message : String(error),
            detail: error instanceof ExportApiError ? error.detail : undefined,
          });
        },
      );
  }, [data]);

  useEffect(() => {
    reload();
    return () => current.current?.abort();
  }, [reload]);
  return {state, reload};
}
