// Run inside Chromium by puppeteer: serialized with Function.prototype.toString.

/**
 * One page of the header/footer overlay; `title` null for a page that gets
 * neither (the cover); `numeral`: its number in the locale's digits.
 */
export type OverlayPage = {title: string | null; number: number; numeral?: string};

/**
 * Builds the overlay document: one transparent page per page of the book, with
 * the header and footer templates filled in for that page. Its pages are drawn
 * over the book's, which is how each page gets its own chapter title.
 */
export function buildOverlay(options: {
  pages: OverlayPage[];
  /** The page count in the locale's digits. */
  total: string;
  headerTemplate: string;
  footerTemplate: string;
  documentTitle: string;
  date: string;
  pageWidth: string;
  pageHeight: string;
  marginTop: number;
  marginBottom: number;
}): void {
  document.documentElement.style.background = 'transparent';
  document.body.style.cssText = 'margin: 0; background: transparent; -webkit-print-color-adjust: exact;';
  const fill = (box: HTMLElement, html: string, page: OverlayPage) => {
    box.innerHTML = html;
    const values: Record<string, string> = {
      pageNumber: page.numeral ?? String(page.number),
      totalPages: options.total,
      title: page.title ?? '',
      documentTitle: options.documentTitle,
      date: options.date,
    };
    for (const [name, value] of Object.entries(values)) {
      box.querySelectorAll(`.${name}`).forEach((element) => (element.textContent = value));
    }
  };
  const fragment = document.createDocumentFragment();
  options.pages.forEach((page, index) => {
    const sheet = document.createElement('div');
    sheet.style.cssText = `position: relative; overflow: hidden; width: ${options.pageWidth}; height: calc(${options.pageHeight} - 2px);`;
    if (index < options.pages.length - 1) sheet.style.breakAfter = 'page';
    if (page.title !== null) {
      const band = 'position: absolute; left: 0; right: 0; display: flex; align-items: center;';
      const header = document.createElement('div');
      header.style.cssText = `${band} top: 0; height: ${options.marginTop}px;`;
      fill(header, options.headerTemplate, page);
      const footer = document.createElement('div');
      footer.style.cssText = `${band} bottom: 0; height: ${options.marginBottom}px;`;
      fill(footer, options.footerTemplate, page);
      sheet.append(header, footer);
    }
    fragment.append(sheet);
  });
  document.body.replaceChildren(fragment);
}
