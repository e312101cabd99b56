const TEMPLATE_STYLE = 'font-family: system-ui, sans-serif; font-size: 9px; color: #555; width: 100%; padding: 0 48px;';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Header of every page: the document title at the right. */
export function defaultHeaderTemplate(title: string): string {
  return `<div style="${TEMPLATE_STYLE} text-align: right;">${escapeHtml(title)}</div>`;
}

/**
 * Footer of every page, centred: `pageOf` is the locale's "Page {pageNumber} of
 * {totalPages}", whose placeholders become the elements the printer fills in.
 */
export function pageFooterTemplate(pageOf: string): string {
  const text = escapeHtml(pageOf).replace(/\{(pageNumber|totalPages)\}/g, '<span class="$1"></span>');
  return `<div style="${TEMPLATE_STYLE} text-align: center;">${text}</div>`;
}

/** Header of the native engine: the book title at the left, the chapter title at the right. */
export function nativeHeaderTemplate(bookTitle: string): string {
  return `<div style="${TEMPLATE_STYLE} display: flex; justify-content: space-between; gap: 24px;"><span>${escapeHtml(bookTitle)}</span><span class="title"></span></div>`;
}
