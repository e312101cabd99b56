/**
 * What a reader works with on screen and a book cannot hold: a form with a field to fill in (a
 * request builder, a sign-up, a feedback box) and the area that shows only what such a form
 * sends back. Capture leaves them out of every page (capture/capture-chapters.ts), and
 * `npm run check:book` leaves them out of what it expects the book to hold
 * (scripts/check-book/html-article.ts, rendered-article.ts): one list for both.
 * What a form shows as a result elsewhere on the page (a code sample beside it) still prints.
 */
export const INTERACTIVE_PANELS: readonly string[] = [
  // A form holding a field a reader edits; a form of check boxes alone is a checklist, and prints.
  'form:has(select, textarea, [contenteditable="true"], [contenteditable="plaintext-only"], [contenteditable=""], input:not([type="hidden"], [type="checkbox"], [type="radio"], [type="submit"], [type="button"], [type="reset"], [type="image"]))',
  // docusaurus-plugin-openapi-docs: the request builder's response area, which holds
  // "Click the Send API Request button above…" until a request is sent.
  '.openapi-explorer__response-container',
];
