import React, {useEffect, useId, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import Translate, {translate} from '@docusaurus/Translate';
import type {Props} from '@theme/ExportPdfButton';
import type {ClientData} from 'docusaurus-plugin-export-pdf';
import {ProgressPanel} from './ProgressPanel';
import {useClientData} from './useClientData';
import {useExportPdf} from './useExportPdf';
import {useLocaleNumbers} from './useLocaleNumbers';
import styles from './styles.module.css';

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

/** The finished export's file, or the book the build made, as a link. */
function DownloadPanel(props: {href: string; fileName: string; megabytes: number; exportsLink?: string; onClose: () => void}): ReactNode {
  const numbers = useLocaleNumbers();
  return (
    <div className={clsx(styles.panel, styles.success)} role="status">
      <div className={styles.doneBody}>
        <a className={styles.download} href={props.href} download={props.fileName} data-testid="export-pdf-download">
          <Translate
            id="theme.ExportPdf.download"
            description="Link to the exported PDF"
            values={{fileName: props.fileName, size: numbers.megabytes.format(props.megabytes)}}
          >
            {'Download {fileName} ({size} MB)'}
          </Translate>
        </a>
        {props.exportsLink && (
          <Link to={props.exportsLink} className={styles.allExports} data-testid="export-pdf-all-exports">
            <Translate id="theme.ExportPdf.allExports" description="Link from the export notice to the page listing every PDF">
              All exported PDFs
            </Translate>
          </Link>
        )}
      </div>
      <CloseButton onClick={props.onClose} />
    </div>
  );
}

/** Nothing, rather than a crash, when the plugin set no data (useClientData says why). */
export default function ExportPdfButton(props: Props): ReactNode {
  const data = useClientData();
  return data ? <ExportButton {...props} data={data} /> : null;
}

function ExportButton({className, inline = false, onExported, data}: Props & {data: ClientData}): ReactNode {
  const {state, start, submitToken, reset} = useExportPdf(data);
  const numbers = useLocaleNumbers();
  const {exportsPagePath, documentsPath} = data;
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
        <DownloadPanel
          href={documentsPath + state.result.pdfUrl}
          fileName={state.result.fileName}
          megabytes={Number(state.result.fileSizeMB)}
          exportsLink={exportsPagePath && !onExportsPage ? exportsPagePath : undefined}
          onClose={reset}
        />
      )}
      {state.status === 'prebuilt' && (
        <DownloadPanel
          href={state.download.href}
          fileName={state.download.book.file}
          megabytes={state.download.book.bytes / 2 ** 20}
          onClose={reset}
        />
      )}
      {state.status === 'not-prebuilt' && (
        <div className={clsx(styles.panel, styles.error)} role="alert" data-testid="export-pdf-not-prebuilt">
          <span>
            <Translate
              id="theme.ExportPdf.notPrebuilt"
              description="Shown on a static site when no PDF of the viewed docs was made at build time"
            >
              No PDF of these docs was made when this site was built.
            </Translate>
            {exportsPagePath && !onExportsPage && (
              <>
                {' '}
                <Link to={exportsPagePath} data-testid="export-pdf-all-exports">
                  <Translate id="theme.ExportPdf.allExports" description="Link from the export notice to the page listing every PDF">
                    All exported PDFs
                  </Translate>
                </Link>
              </>
            )}
          </span>
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
