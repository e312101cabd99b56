/**
 * Print rules laid over the site's own CSS in every part of the book: content
 * only, each chapter on a new page, everything visible that the screen hides
 * behind tabs, scrolling or collapsing. No shadows: Chromium prints each as a
 * page-wide image (on Home Assistant's book 1,400 of them, 18 MB, and most of
 * the print time); a code block gets a thin border for the edge its shadow drew.
 */
export const BOOK_CSS = `
html, body { background: #fff !important; }
body { margin: 0; }
/* Chromium prints a right-to-left root's pages about 16 px left of their margins: the root stays left to right, its content does not. */
html[dir="rtl"] { direction: ltr; }
html[dir="rtl"] body { direction: rtl; }
.export-pdf-chapter { break-before: page; overflow-wrap: break-word; }
.export-pdf-chapter:first-of-type { break-before: auto; }
/* A part's page: its title alone, a third of the way down; the chapter after it begins a page of its own. */
.export-pdf-part { break-before: page; break-after: page; padding-top: calc(var(--export-pdf-content-height) / 3); }
.export-pdf-part:first-child { break-before: auto; }
.export-pdf-part h1 { margin: 0; padding-bottom: 0.6rem; font-size: 3.5rem; line-height: 1.2; border-bottom: 3px solid var(--ifm-color-primary); }
.export-pdf-chapter article, .export-pdf-chapter .markdown { max-width: none; }
.export-pdf-chapter .markdown > header h1 { margin-top: 0; }
pre, pre code, .prism-code { white-space: pre-wrap !important; overflow-wrap: anywhere; overflow: visible !important; max-height: none !important; }
pre { display: flow-root; }
/* Docusaurus floats a code block's lines, for scrolling sideways on screen. Printed, a float nearly a page tall that did not fit under the tab label kept with it moved to the next page with the label, and left the page it started on blank (Ionic's playgrounds): in the flow, the lines break where the page ends. */
pre > code { float: none !important; display: block; }
.export-pdf-chapter, .export-pdf-chapter * { box-shadow: none !important; text-shadow: none !important; }
.export-pdf-chapter .theme-code-block { border: 1px solid var(--ifm-color-emphasis-300); }
.markdown table { display: table; width: auto; max-width: 100%; table-layout: auto; overflow: visible; }
.markdown table code { white-space: normal; }
/* 2rem short of the page: an image inside a paragraph sits on a line box taller than the image, which must fit too. */
/* A picture marked for GitHub's dark theme (README convention) has its light twin beside it: the book prints the light one, as GitHub does in its light theme. */
img[src*="#gh-dark-mode-only"] { display: none !important; }
img, video { max-width: 100% !important; max-height: calc(var(--export-pdf-content-height) - 2rem); height: auto; object-fit: contain; }
.markdown svg:not([width]), .markdown svg[width$="%"] { max-width: 100% !important; max-height: calc(var(--export-pdf-content-height) - 2rem); height: auto; }
.docusaurus-mermaid-container svg { max-width: 100% !important; max-height: calc(var(--export-pdf-content-height) - 2rem); height: auto; }
/* Mermaid places its labels for left-to-right text: in a right-to-left page, start-anchored labels (a gantt's sections, a pie's legend) would run off the diagram's left edge. */
.docusaurus-mermaid-container svg { direction: ltr; }
h1, h2, h3, h4, h5, h6 { break-inside: avoid; break-after: avoid; }
figure, img, tr, .admonition, .theme-admonition, .docusaurus-mermaid-container { break-inside: avoid; }
/* However the site hides an inactive panel: the hidden attribute, display, a zero height with overflow hidden, visibility, opacity, panels stacked in one place. */
[role="tabpanel"] { display: block !important; height: auto !important; max-height: none !important; overflow: visible !important; visibility: visible !important; opacity: 1 !important; position: static !important; }
.export-pdf-tab-label { break-after: avoid; font-weight: 600; font-size: 0.9em; margin: 0.9rem 0 0.4rem; padding: 0.2rem 0.6rem; border-inline-start: 3px solid var(--ifm-color-primary); background: var(--ifm-color-emphasis-100); }
.export-pdf-tab-label:first-child { margin-top: 0; }
/* Panels print one under another, each below its label, also where the site lays the panels out in a row (a flex or grid box). */
:where(div, section, form):has(> .export-pdf-tab-label) { display: block !important; }
/* The theme's print styles hide every .table-of-contents, meant for the TOC beside a doc, which the book leaves out anyway: in a doc it is an inline TOC (TOCInline), content. */
.export-pdf-chapter .table-of-contents { display: block !important; }
details > div { display: block !important; height: auto !important; overflow: visible !important; }
.hash-link, .theme-code-block [class*="buttonGroup"] { display: none !important; }
.export-pdf-code-title { padding: 0.5rem var(--ifm-pre-padding); font-size: var(--ifm-code-font-size); font-weight: 500; border-bottom: 1px solid var(--ifm-color-emphasis-300); background: var(--ifm-color-emphasis-100); }
.export-pdf-code-file { margin-bottom: var(--ifm-leading); border-radius: var(--ifm-code-border-radius); }
.export-pdf-code-file > pre { margin: 0; border-radius: 0; }
.export-pdf-nowrap { white-space: nowrap; }
.export-pdf-value { font-weight: 600; }
pre.export-pdf-value { font-weight: normal; white-space: pre-wrap; }
.export-pdf-checkbox, .export-pdf-radio { display: inline-block; position: relative; width: 0.8em; height: 0.8em; margin-inline-end: 0.35em; border: 1px solid currentColor; border-radius: 2px; vertical-align: -0.1em; }
.export-pdf-radio { border-radius: 50%; }
.export-pdf-checkbox[data-checked]::after { content: ""; position: absolute; left: 0.22em; top: 0.02em; width: 0.22em; height: 0.45em; border: solid currentColor; border-width: 0 0.12em 0.12em 0; transform: rotate(45deg); }
.export-pdf-radio[data-checked]::after { content: ""; position: absolute; inset: 0.18em; border-radius: 50%; background: currentColor; }
/* A site's own rules for links in headings (display: inline, a width) must not reach the anchors: a box without area gets no link in the PDF. */
.export-pdf-at { display: inline-block !important; position: static !important; width: 1px !important; height: 1em !important; margin: 0 !important; margin-inline-end: -1px !important; padding: 0 !important; border: 0 !important; vertical-align: top !important; float: none !important; visibility: visible !important; }
.export-pdf-at-block, .export-pdf-figure-marker { display: block !important; width: auto !important; height: 1px !important; margin: 0 0 -1px !important; }
/* Chromium's named destinations honour scroll-margin-top (the navbar's height on a Docusaurus heading): none in the book. */
[id] { scroll-margin-top: 0 !important; }
.export-pdf-embed { padding: 0.5rem 0.8rem; border: 1px dashed var(--ifm-color-emphasis-400); border-radius: var(--ifm-global-radius); font-size: 0.9em; overflow-wrap: anywhere; }
.export-pdf-missing-image { display: inline-block; padding: 0.1rem 0.4rem; border: 1px dashed var(--ifm-color-emphasis-400); font-size: 0.9em; }
.export-pdf-dest-hints { position: absolute; top: 0; left: 0; width: 0; height: 0; overflow: hidden; }
`;

/** The cover page. */
export const COVER_CSS = `
html, body { background: #fff !important; margin: 0; }
.export-pdf-cover { display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; height: 100vh; padding: 0 2rem; box-sizing: border-box; }
.export-pdf-cover img { max-width: 40%; max-height: 30vh; margin-bottom: 2.5rem; }
.export-pdf-cover h1 { font-size: 2.6rem; line-height: 1.2; margin: 0 0 1rem; }
.export-pdf-cover .export-pdf-subtitle { font-size: 1.3rem; color: var(--ifm-color-emphasis-700); margin: 0 0 2.5rem; }
.export-pdf-cover .export-pdf-facts { font-size: 0.95rem; color: var(--ifm-color-emphasis-600); }
`;

/**
 * The table of contents: dotted leaders and a fixed-width page column, so
 * numbers never reflow it. A doc with few headings stays on one page with
 * them (book-html.ts marks it), any title stays with its first entry, and a
 * category's list may break across pages: kept whole, a large one left most
 * of the page before it empty. The leader is lifted by relative positioning, not a transform:
 * Chromium prints a transformed box as a layer of its own, which made a 5,400-entry TOC print in
 * 5.6 s instead of 2.4 s; the leaders land within half a point of where the transform put them.
 */
export const TOC_CSS = `
html, body { background: #fff !important; margin: 0; }
.export-pdf-toc h1 { margin: 0 0 1.5rem; }
.export-pdf-toc ol { list-style: none; margin: 0; padding: 0; }
.export-pdf-toc ol ol { padding-inline-start: 1.4rem; }
.export-pdf-toc a, .export-pdf-toc .export-pdf-keep { break-inside: avoid; }
.export-pdf-toc .export-pdf-category > a, .export-pdf-toc .export-pdf-doc > a { break-after: avoid; }
.export-pdf-toc a { display: flex; align-items: baseline; color: inherit; text-decoration: none; padding: 0.12rem 0; }
.export-pdf-toc .export-pdf-entry-title { flex: 0 1 auto; }
.export-pdf-toc .export-pdf-leader { flex: 1 1 2rem; border-bottom: 1px dotted var(--ifm-color-emphasis-400); margin: 0 0.4rem; position: relative; top: -0.3em; }
.export-pdf-toc .export-pdf-page { flex: 0 0 3rem; text-align: end; font-variant-numeric: tabular-nums; }
.export-pdf-toc .export-pdf-category > a { font-weight: 700; margin-top: 0.6rem; }
.export-pdf-toc .export-pdf-heading > a { font-size: 0.9em; color: var(--ifm-color-emphasis-700); }
.export-pdf-toc a.export-pdf-first { margin-block-start: 0 !important; }
`;

/**
 * Added last to the TOC to print its page numbers alone (assemble.ts): everything else keeps its
 * place but is not painted, so each number lands in the column the printed TOC left empty for it.
 */
export const TOC_NUMBERS_CSS = `
html, body, body * { visibility: hidden !important; }
.export-pdf-toc .export-pdf-page { visibility: visible !important; }
`;
