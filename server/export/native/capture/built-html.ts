/** The class Docusaurus gives the docs sidebar's `<aside>` (ThemeClassNames.docs.docSidebarContainer). */
const DOC_SIDEBAR_CLASS = 'theme-doc-sidebar-container';

/**
 * A built doc page's HTML without its docs sidebar, for the parser tab. Every page of a site's
 * build holds the sidebar, so the HTML of each page grows with the site: on the 3,000-doc
 * benchmark site 140 of a page's 170 KB, against 23 KB for its article. Capture reads only the
 * article (page/capture-page.ts) and never the sidebar, which sits beside `<main>`. HTML
 * without exactly one such `<aside>`, or whose asides do not nest cleanly, is given back whole.
 */
export function withoutDocSidebar(html: string): string {
  const classAt = html.indexOf(DOC_SIDEBAR_CLASS);
  if (classAt < 0 || html.indexOf(DOC_SIDEBAR_CLASS, classAt + 1) >= 0) return html;
  const start = html.lastIndexOf('<aside', classAt);
  // The class must be in that <aside>'s own opening tag.
  if (start < 0 || html.indexOf('>', start) < classAt) return html;
  const tags = /<aside\b|<\/aside\s*>/gi;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0][1] === '/' ? -1 : 1;
    if (depth === 0) return html.slice(0, start) + html.slice(tag.index + tag[0].length);
  }
  return html;
}
