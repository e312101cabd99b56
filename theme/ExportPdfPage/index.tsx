import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Translate, {translate} from '@docusaurus/Translate';
import ExportPdfButton from '@theme/ExportPdfButton';
import {usePluginData} from '@docusaurus/useGlobalData';
import Layout from '@theme/Layout';
import type {ClientData, PdfFileEntry} from 'docusaurus-plugin-export-pdf';
import {useLocaleLanguage, useLocaleNumbers} from '../ExportPdfButton/useLocaleNumbers';
import type {PrebuiltDownload} from '../ExportPdfButton/prebuilt';
import {bookTexts} from './bookTexts';
import {usePdfFiles} from './usePdfFiles';
import styles from './styles.module.css';

type Formats = {dates: Intl.DateTimeFormat; megabytes: Intl.NumberFormat; languages?: Intl.DisplayNames};

/** Which docs, version and locale a book holds: "sdk · Version 1.0 · français"; empty for a file the API did not export. */
function bookContents(book: PdfFileEntry['book'], languages?: Intl.DisplayNames): string {
  if (!book) return '';
  const parts: string[] = [];
  if (book.docsPluginId !== 'default') parts.push(book.docsPluginId);
  if (book.versionLabel) parts.push(bookTexts(book.versionLabel).versionLine);
  let language: string | undefined;
  try {
    language = languages?.of(book.locale);
  } catch {
    // Not a BCP 47 tag Intl knows: the locale as the site names it.
  }
  parts.push(language ?? book.locale);
  return parts.join(' · ');
}

/** A listed PDF and where it downloads from. */
type FileRowData = PdfFileEntry & {href: string};

/** A book the build made, as the API would list it. */
function prebuiltRow({book, href}: PrebuiltDownload): FileRowData {
  const {docsPluginId, version, versionLabel, locale} = book;
  const sizeMB = (book.bytes / 2 ** 20).toFixed(2);
  return {
    name: book.file,
    href,
    size: book.bytes,
    sizeMB,
    created: book.generatedAt,
    modified: book.generatedAt,
    book: {docsPluginId, version, versionLabel, locale},
  };
}

function FileRow({file, formats}: {file: FileRowData; formats: Formats}): ReactNode {
  const {href} = file;
  const modified = new Date(file.modified);
  return (
    <tr data-testid="pdf-exports-row">
      <td className={styles.name}>
        <a href={href} target="_blank" rel="noopener">
          {file.name}
        </a>
      </td>
      <td data-testid="pdf-exports-book">{bookContents(file.book, formats.languages)}</td>
      <td className={styles.number} title={`${file.size} B`}>
        {formats.megabytes.format(Number(file.sizeMB))} MB
      </td>
      <td>
        <time dateTime={file.modified}>{formats.dates.format(modified)}</time>
      </td>
      <td className={styles.actions}>
        <a className="button button--sm button--outline button--primary" href={href} download={file.name}>
          <Translate id="theme.ExportPdf.page.download" description="Download button of a row on the exported PDFs page">
            Download
          </Translate>
        </a>
      </td>
    </tr>
  );
}

function FileTable({files, testId}: {files: FileRowData[]; testId: string}): ReactNode {
  const language = useLocaleLanguage();
  const {megabytes} = useLocaleNumbers();
  const formats: Formats = {
    dates: new Intl.DateTimeFormat(language, {dateStyle: 'medium', timeStyle: 'short'}),
    megabytes,
    languages: typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(language, {type: 'language'}) : undefined,
  };
  return (
    <table className={styles.table} data-testid={testId}>
      <thead>
        <tr>
          <th>
            <Translate id="theme.ExportPdf.page.name" description="Column of the file names on the exported PDFs page">
              File
            </Translate>
          </th>
          <th>
            <Translate id="theme.ExportPdf.page.book" description="Column saying which docs, version and locale each PDF holds">
              Contents
            </Translate>
          </th>
          <th className={styles.number}>
            <Translate id="theme.ExportPdf.page.size" description="Column of the file sizes on the exported PDFs page">
              Size
            </Translate>
          </th>
          <th>
            <Translate id="theme.ExportPdf.page.date" description="Column of the export dates on the exported PDFs page">
              Exported
            </Translate>
          </th>
          <th>
            <span className={styles.srOnly}>
              <Translate id="theme.ExportPdf.page.actions" description="Hidden heading of the column of download buttons">
                Actions
              </Translate>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <FileRow key={file.href} file={file} formats={formats} />
        ))}
      </tbody>
    </table>
  );
}

/** Every PDF the API holds, newest first, with an Export button; loaded in the browser. */
export default function ExportPdfPage(): ReactNode {
  const {state, prebuilt, reload} = usePdfFiles();
  const {documentsPath} = usePluginData('docusaurus-plugin-export-pdf') as ClientData;
  // A static host has no API to list: its books are the ones the build made, and that is no error.
  const apiError = state.status === 'error' && prebuilt.length === 0 ? state : undefined;
  const title = translate({
    id: 'theme.ExportPdf.page.title',
    message: 'Exported PDFs',
    description: 'Title of the page listing the exported PDFs',
  });
  return (
    <Layout
      title={title}
      description={translate({
        id: 'theme.ExportPdf.page.description',
        message: 'Download the PDF exports of this documentation, or export a new one.',
        description: 'Meta description of the exported PDFs page',
      })}
    >
      <main className={clsx('container margin-vert--lg', styles.page)}>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          <div className={styles.toolbar}>
            <button type="button" className="button button--sm button--secondary" onClick={reload}>
              <Translate id="theme.ExportPdf.page.refresh" description="Button that reloads the list of exported PDFs">
                Refresh
              </Translate>
            </button>
            <ExportPdfButton onExported={reload} />
          </div>
        </header>
        {state.status === 'loading' && (
          <p className={styles.note} aria-busy="true">
            <Translate id="theme.ExportPdf.page.loading" description="Shown while the list of exported PDFs loads">
              Loading the exported PDFs…
            </Translate>
          </p>
        )}
        {prebuilt.length > 0 && (
          <section data-testid="pdf-exports-prebuilt">
            <h2 className={styles.sectionTitle}>
              <Translate id="theme.ExportPdf.page.prebuilt" description="Heading of the PDFs made when the site was built">
                Made when the site was built
              </Translate>
            </h2>
            <FileTable files={prebuilt.map(prebuiltRow)} testId="pdf-exports-prebuilt-table" />
          </section>
        )}
        {apiError && (
          <div className="alert alert--danger" role="alert" data-testid="pdf-exports-error">
            <strong>
              <Translate id="theme.ExportPdf.page.error" description="Heading of the error shown when the PDF list cannot load">
                The exported PDFs could not be listed:
              </Translate>
            </strong>{' '}
            {apiError.message}
            {apiError.detail && <div className={styles.detail}>{apiError.detail}</div>}
          </div>
        )}
        {state.status === 'ready' && state.files.length === 0 && prebuilt.length === 0 && (
          <div className={styles.empty} data-testid="pdf-exports-empty">
            <p>
              <Translate id="theme.ExportPdf.page.empty" description="Shown when no PDF has been exported yet">
                No PDF has been exported yet. Export the docs and the file appears here.
              </Translate>
            </p>
          </div>
        )}
        {state.status === 'ready' && state.files.length > 0 && (
          <FileTable
            files={state.files.map((file) => ({...file, href: documentsPath + encodeURIComponent(file.name)}))}
            testId="pdf-exports-table"
          />
        )}
      </main>
    </Layout>
  );
}
