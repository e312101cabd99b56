import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Translate, {translate} from '@docusaurus/Translate';
import type {ExportProgress} from './api';
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
          description="Export progress: the part of the book being printed, of all"
          // The part being printed, counted from 1: "part 0 of 2" read as if nothing had begun.
          values={{...values, done: Math.min(values.done + 1, values.total)}}
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

export function ProgressPanel({progress}: {progress?: ExportProgress}): ReactNode {
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
