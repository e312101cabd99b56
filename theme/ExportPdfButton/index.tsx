import React, {useId, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Translate, {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {Props} from '@theme/ExportPdfButton';
import {useExportPdf} from './useExportPdf';
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

export default function ExportPdfButton({className, inline = false}: Props): ReactNode {
  const {state, start, submitToken, reset} = useExportPdf();
  const tokenHintId = useId();
  const tokenInputId = useId();
  const siteRoot = useBaseUrl('/');
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
        aria-busy={busy}>
        {busy ? (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            <Translate id="theme.ExportPdf.busy" description="Button text while the PDF export runs">
              Exporting PDF…
            </Translate>
          </>
        ) : (
          <Translate id="theme.ExportPdf.button" description="Button that exports the docs as a PDF">
            Export PDF
          </Translate>
        )}
      </button>
      {state.status === 'done' && (
        <div className={clsx(styles.panel, styles.success)} role="status">
          <a
            className={styles.download}
            href={siteRoot + state.result.pdfUrl}
            download={state.result.fileName}
            data-testid="export-pdf-download">
            <Translate
              id="theme.ExportPdf.download"
              description="Link to the exported PDF"
              values={{fileName: state.result.fileName, size: state.result.fileSizeMB}}>
              {'Download {fileName} ({size} MB)'}
            </Translate>
          </a>
          <CloseButton onClick={reset} />
        </div>
      )}
      {state.status === 'needs-token' && (
        <form
          className={clsx(styles.panel, styles.token)}
          aria-labelledby={tokenHintId}
          data-testid="export-pdf-token-form"
          onSubmit={onTokenSubmit}>
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
