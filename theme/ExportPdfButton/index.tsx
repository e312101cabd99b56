import React, {useEffect, useId, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import Translate, {translate} from '@docusaurus/Translate';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {Props} from '@theme/ExportPdfButton';
import type {ClientData} from 'docusaurus-plugin-export-pdf';
import type {ExportProgress} from './api';
import {useExportPdf} from './useExportPdf';
import {useLocaleNumbers} from './useLocaleNumbers';
import styles from './styles.module.css';

/** What the export is doing, in words. */
function ProgressStep({progress}: {progress?: ExportProgress}): ReactNode {
  const values = {done: progress?.done ?? 0, total: progress?.total ?? 0, position: progress?.queuePosition ?? 0};
  const counted = progress?.total !== undefined;
  switch (progress?.phase) {
    case 'queued':
      return (
        <Translate id="theme.ExportPdf.progress.queued" description="Export progress: waiting behind other exports" values={values}>
          {'Waiting for {position} export(s) ahead'}
        </Translate>
      );
    case 'discover':
      return (
        <Translate id="theme.ExportPdf.progress.discover" description="Export progress: reading the docs' sidebar">
          Reading the sidebar
        </Translate>
      );
    case 'capture':
      return counted ? (
        <Translate id="theme.ExportPdf.progress.captureCounted" description="Export progress: pages captured of all" values={values}>
          {'Capturing pages: {done} of {total}'}
        </Translate>
      ) : (
        <Translate id="theme.ExportPdf.progress.capture" description="Export progress: capturing the pages">
          Capturing pages
        </Translate>
      );
    case 'render':
      return counted ? (
        <Translate
          id="theme.ExportPdf.progress.renderCounted"
          description="Export progress: parts of the book printed of all"
          values={values}
        >
          {'Printing: part {done} of {total}'}
        </Translate>
      ) : (
        <Translate id="theme.ExportPdf.progress.render" description="Export progress: printing the book">
          Printing
        </Translate>
      );
    case 'assemble':
    case 'merge':
      return (
        <Translate id="theme.ExportPdf.progress.assemble" description="Export progress: joining the parts, TOC and bookmarks">
          Assembling the book
        </Translate>
      );
    case 'write':
      return (
        <Translate id="theme.ExportPdf.progress.write" description="Export progress: saving the file">
          Saving the PDF
        </Translate>
      );
    default:
      return (
        <Translate id="theme.ExportPdf.progress.starting" description="Export progress before the server reports any">
          Starting the export
        </Translate>
      );
  }
}

function ProgressPanel({progress}: {progress?: ExportProgress}): ReactNode {
  const numbers = useLocaleNumbers();
  const percent = Math.round(progress?.percent ?? 0);
  const label = translate({
    id: 'theme.ExportPdf.progress.label',
    message: 'PDF export progress',
    description: 'Accessible name of the export progress bar',
  });
  return (
    <div className={clsx(styles.panel, styles.progressPanel)} data-testid="export-pdf-progress">
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.progressBar} style={{width: `${percent}%`}} />
      </div>
      <div className={styles.progressText} aria-live="polite">
        <ProgressStep progress={progress} />
        <span className={styles.percent}>{numbers.percent.format(percent / 100)}</span>
      </div>
    </div>
  );
}

function CloseButton({onClick}: {onClick: () => void}): ReactNode {
  const label = translate({
    id: 'theme.ExportPdf.close',
    message: 'Close',
    description: 'Label of the button that hides the export result',
  });
  return (
    <button type="button" className={clsx('clean-btn', styles.close)} onClick={onClick} aria-label={label} title={label}>
      ×
    </button>
  );
}

export default function ExportPdfButton({className, inline = false, onExported}: Props): ReactNode {
  const {state, start, submitToken, reset} = useExportPdf();
  const numbers = useLocaleNumbers();
  const {exportsPagePath, documentsPath} = usePluginData('docusaurus-plugin-export-pdf') as ClientData;
  const onExportsPage = useLocation().pathname.replace(/\/$/, '') === exportsPagePath;
  const finished = state.status === 'done' ? state.result : undefined;
  useEffect(() => {
    if (finished) onExported?.(finished);
  }, [finished, onExported]);
  const tokenHintId = useId();
  const tokenInputId = useId();
  const busy = state.status === 'busy';
  const onTokenSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = new FormData(event.currentTarget).get('token');
    submitToken(typeof token === 'string' ? token : '');
  };

  return (
    <div className={clsx(styles.exportPdf, inline && styles.inline, className)}>
      <button
        type="button"
        className={clsx(
          inline ? 'clean-btn menu__link' : 'button button--secondary button--sm',
          styles.button,
          inline && styles.menuButton,
        )}
        onClick={start}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            <Translate
              id="theme.ExportPdf.busyPercent"
              description="Button text while the PDF export runs, with the share done"
              values={{percent: numbers.percent.format(Math.round(state.progress?.percent ?? 0) / 100)}}
            >
              {'Exporting PDF… {percent}'}
            </Translate>
          </>
        ) : (
          <Translate id="theme.ExportPdf.button" description="Button that exports the docs as a PDF">
            Export PDF
          </Translate>
        )}
      </button>
      {busy && <ProgressPanel progress={state.progress} />}
      {state.status === 'done' && (
        <div className={clsx(styles.panel, styles.success)} role="status">
          <div className={styles.doneBody}>
            <a
              className={styles.download}
              href={documentsPath + state.result.pdfUrl}
              download={state.result.fileName}
              data-testid="export-pdf-download"
            >
              <Translate
                id="theme.ExportPdf.download"
                description="Link to the exported PDF"
                values={{fileName: state.result.fileName, size: numbers.megabytes.format(Number(state.result.fileSizeMB))}}
              >
                {'Download {fileName} ({size} MB)'}
              </Translate>
            </a>
            {exportsPagePath && !onExportsPage && (
              <Link to={exportsPagePath} className={styles.allExports} data-testid="export-pdf-all-exports">
                <Translate id="theme.ExportPdf.allExports" description="Link from the export notice to the page listing every PDF">
                  All exported PDFs
                </Translate>
              </Link>
            )}
          </div>
          <CloseButton onClick={reset} />
        </div>
      )}
      {state.status === 'needs-token' && (
        <form
          className={clsx(styles.panel, styles.token)}
          aria-labelledby={tokenHintId}
          data-testid="export-pdf-token-form"
          onSubmit={onTokenSubmit}
        >
          <div className={styles.tokenBody}>
            <p className={styles.tokenText}>
              <strong>{state.message}</strong>{' '}
              <span id={tokenHintId}>
                <Translate id="theme.ExportPdf.tokenHint" description="Explains why the export asks for an API token">
                  This export server needs an API token.
                </Translate>
              </span>
            </p>
            <label className={styles.tokenLabel} htmlFor={tokenInputId}>
              <Translate id="theme.ExportPdf.tokenLabel" description="Label of the field for the export API token">
                API token
              </Translate>
            </label>
            <div className={styles.tokenRow}>
              <input
                id={tokenInputId}
                className={styles.tokenInput}
                type="password"
                name="token"
                autoComplete="off"
                spellCheck={false}
                required
                autoFocus
              />
              <button type="submit" className="button button--primary button--sm">
                <Translate id="theme.ExportPdf.tokenSubmit" description="Button that sends the API token and exports the PDF">
                  Export
                </Translate>
              </button>
            </div>
          </div>
          <CloseButton onClick={reset} />
        </form>
      )}
      {state.status === 'error' && (
        <div className={clsx(styles.panel, styles.error)} role="alert" data-testid="export-pdf-error">
          <span>
            <strong>
              <Translate id="theme.ExportPdf.failed" description="Heading of the export error message">
                Export failed:
              </Translate>
            </strong>{' '}
            {state.message}
            {state.detail && <span className={styles.detail}>{state.detail}</span>}
          </span>
          <CloseButton onClick={reset} />
        </div>
      )}
    </div>
  );
}
