import {useCallback, useEffect, useRef, useState} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {ClientData, PdfFileEntry} from 'docusaurus-plugin-export-pdf';
import {ExportApiError, listPdfFiles, loadToken, resolveApiUrl} from '../ExportPdfButton/api';
import {loadPrebuiltBooks, type PrebuiltDownload} from '../ExportPdfButton/prebuilt';

export type PdfFilesState =
  {status: 'loading'} | {status: 'ready'; files: PdfFileEntry[]} | {status: 'error'; message: string; detail?: string};

/**
 * The API's list of PDFs, newest first, and this locale's books made at build
 * time (`buildTime`), loaded in the browser; `reload` asks again.
 */
export function usePdfFiles(): {state: PdfFilesState; prebuilt: PrebuiltDownload[]; reload: () => void} {
  const data = usePluginData('docusaurus-plugin-export-pdf') as ClientData;
  const [state, setState] = useState<PdfFilesState>({status: 'loading'});
  const [prebuilt, setPrebuilt] = useState<PrebuiltDownload[]>([]);
  const current = useRef<AbortController | undefined>(undefined);

  const reload = useCallback(() => {
    current.current?.abort();
    const request = new AbortController();
    current.current = request;
    if (data.prebuiltIndexPath) {
      loadPrebuiltBooks(data.prebuiltIndexPath, request.signal).then(setPrebuilt, () => undefined);
    }
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
  return {state, prebuilt, reload};
}
