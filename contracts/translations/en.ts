/**
 * The English texts of the plugin: the button, the exports page and the book.
 * Every shipped locale translates exactly these ids (see ./index.ts); the theme
 * gives the same English as the default of each <Translate>.
 */
const en = {
  'theme.ExportPdf.allExports': 'All exported PDFs',
  'theme.ExportPdf.notPrebuilt': 'No PDF of these docs was made when this site was built.',
  'theme.ExportPdf.book.pageOf': 'Page {pageNumber} of {totalPages}',
  'theme.ExportPdf.book.tocTitle': 'Table of Contents',
  'theme.ExportPdf.book.version': 'Version {version}',
  'theme.ExportPdf.busyPercent': 'Exporting PDF… {percent}',
  'theme.ExportPdf.button': 'Export PDF',
  'theme.ExportPdf.close': 'Close',
  'theme.ExportPdf.download': 'Download {fileName} ({size} MB)',
  'theme.ExportPdf.failed': 'Export failed:',
  'theme.ExportPdf.page.actions': 'Actions',
  'theme.ExportPdf.page.book': 'Contents',
  'theme.ExportPdf.page.date': 'Exported',
  'theme.ExportPdf.page.description': 'Download the PDF exports of this documentation, or export a new one.',
  'theme.ExportPdf.page.download': 'Download',
  'theme.ExportPdf.page.empty': 'No PDF has been exported yet. Export the docs and the file appears here.',
  'theme.ExportPdf.page.prebuilt': 'Made when the site was built',
  'theme.ExportPdf.page.error': 'The exported PDFs could not be listed:',
  'theme.ExportPdf.page.loading': 'Loading the exported PDFs…',
  'theme.ExportPdf.page.name': 'File',
  'theme.ExportPdf.page.refresh': 'Refresh',
  'theme.ExportPdf.page.size': 'Size',
  'theme.ExportPdf.page.title': 'Exported PDFs',
  'theme.ExportPdf.progress.assemble': 'Assembling the book',
  'theme.ExportPdf.progress.capture': 'Capturing pages',
  'theme.ExportPdf.progress.captureCounted': 'Capturing pages: {done} of {total}',
  'theme.ExportPdf.progress.discover': 'Reading the sidebar',
  'theme.ExportPdf.progress.label': 'PDF export progress',
  'theme.ExportPdf.progress.queued': 'Waiting for {position} export(s) ahead',
  'theme.ExportPdf.progress.render': 'Printing',
  'theme.ExportPdf.progress.renderCounted': 'Printing: part {done} of {total}',
  'theme.ExportPdf.progress.starting': 'Starting the export',
  'theme.ExportPdf.progress.write': 'Saving the PDF',
  'theme.ExportPdf.tokenHint': 'This export server needs an API token.',
  'theme.ExportPdf.tokenLabel': 'API token',
  'theme.ExportPdf.tokenSubmit': 'Export',
} as const;

/** Id of a text of the plugin, as code.json knows it. */
export type TextId = keyof typeof en;

/** Every text of the plugin in one language. */
export type Messages = Record<TextId, string>;

export default en satisfies Messages;
