import {translate} from '@docusaurus/Translate';

/**
 * The texts the server prints in the book (server/export/book-texts.ts reads
 * them from the manifest). They are declared here so that `docusaurus
 * write-translations` writes them into code.json beside the button's, where a
 * site translates or rewords them; the exports page shows the version line.
 */
export function bookTexts(version: string): {tocTitle: string; pageOf: string; versionLine: string} {
  return {
    tocTitle: translate({
      id: 'theme.ExportPdf.book.tocTitle',
      message: 'Table of Contents',
      description: 'Heading of the table of contents in the exported PDF, and its bookmark',
    }),
    pageOf: translate({
      id: 'theme.ExportPdf.book.pageOf',
      message: 'Page {pageNumber} of {totalPages}',
      description: 'Footer of every page of the exported PDF; keep both placeholders',
    }),
    versionLine: translate(
      {
        id: 'theme.ExportPdf.book.version',
        message: 'Version {version}',
        description: 'Docs version on the cover of the exported PDF and on the exported PDFs page',
      },
      {version},
    ),
  };
}
