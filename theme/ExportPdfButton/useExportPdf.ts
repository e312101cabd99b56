import {useCallback, useEffect, useRef, useState} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useActivePluginAndVersion} from '@docusaurus/plugin-content-docs/client';
import type {ClientData, ExportSuccess} from 'docusaurus-plugin-export-pdf';
import {
  ExportApiError,
  ExportAuthError,
  followExport,
  forgetToken,
  loadToken,
  newExportId,
  requestExport,
  resolveApiUrl,
  saveToken,
  type ExportProgress,
} from './api';
import {apiAnswers, loadPrebuiltBooks, pickPrebuilt, startDownload, type PrebuiltDownload} from './prebuilt';

export type ExportState =
  | {status: 'idle'}
  | {status: 'busy'; progress?: ExportProgress}
  | {status: 'done'; result: ExportSuccess}
  /** No API answered: the book made at build time, whose download has started. */
  | {status: 'prebuilt'; download: PrebuiltDownload}
  /** No API answered, and the build made no book of what the reader views. */
  | {status: 'not-prebuilt'}
  | {status: 'needs-token'; message: string}
  | {status: 'error'; message: string; detail?: string};

/**
 * Runs one export at a time from this page, of the locale, docs plugin
 * instance and version the reader is viewing (the API's defaults outside the
 * docs), follows its progress, and keeps its outcome. On a site built with
 * `buildTime` and no API that answers, it downloads the book the build made.
 */
export function useExportPdf(data: ClientData): {
  state: ExportState;
  start: () => void;
  submitToken: (token: string) => void;
  reset: () => void;
} {
  const {i18n} = useDocusaurusContext();
  const active = useActivePluginAndVersion();
  const docsPluginId = active?.activePlugin.pluginId;
  const version = active?.activeVersion?.name;
  const [state, setState] = useState<ExportState>({status: 'idle'});
  const running = useRef(false);
  const following = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => following.current?.abort(), []);

  /** A given token is stored and used even if storage refuses it; else the stored one is used. */
  const run = useCallback(
    (given?: string) => {
      if (running.current) return;
      running.current = true;
      setState({status: 'busy'});
      let apiUrl: string | undefined;
      const exportId = newExportId();
      const follow = new AbortController();
      following.current = follow;
      const offline = Symbol('no API');
      resolveApiUrl(data)
        .then(async (url) => {
          if (data.prebuiltIndexPath && !given && !(await apiAnswers(url))) {
            const download = pickPrebuilt(await loadPrebuiltBooks(data.prebuiltIndexPath), {docsPluginId, version});
            if (download) startDownload(download);
            setState(download ? {status: 'prebuilt', download} : {status: 'not-prebuilt'});
            throw offline;
          }
          apiUrl = url;
          if (given) saveToken(url, given);
          const token = given ?? loadToken(url);
          void followExport(
            url,
            exportId,
            token,
            (progress) => {
              if (!follow.signal.aborted) setState({status: 'busy', progress});
            },
            follow.signal,
          );
          return requestExport(url, token, {locale: i18n.currentLocale, docsPluginId, version, exportId});
        })
        .then(
          (result) => {
            follow.abort();
            setState({status: 'done', result});
          },
          (error: unknown) => {
            follow.abort();
            if (error === offline) return;
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
          follow.abort();
          running.current = false;
        });
    },
    [data, i18n.currentLocale, docsPluginId, version],
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
