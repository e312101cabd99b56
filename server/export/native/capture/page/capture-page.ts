// Run inside Chromium by puppeteer: serialized with Function.prototype.toString.
// The transforms it applies come from the page library (page-lib.ts).

/** A heading of a captured page, with its id already made stable (chapter key + id). */
export type CapturedHeading = {id: string; level: number; text: string};

export type CapturedPage = {
  /** HTML of the page's content element, ready to go into the book. */
  html: string;
  /** h2/h3 headings with ids, in document order. */
  headings: CapturedHeading[];
  /** Every element id in the content, after prefixing. */
  ids: string[];
  /** Same-site links with a fragment, as `path#fragment` (fragment decoded). */
  targets: string[];
  /** Path the browser ended up on (redirects included). */
  finalPath: string;
  /** Things that did not settle before the page's deadline. */
  warnings: string[];
  /**
   * Read from the build only: what its HTML shows to be drawn in the browser (a lazy tab group's
   * other panels, a placeholder a script replaces). Such a page is rendered in a tab instead.
   */
  needsBrowser?: string[];
};

export type PageStyles = {
  /** Absolute URLs of the site's stylesheets, in document order. */
  links: string[];
  /** Text of inline style elements (the dev server injects CSS this way). */
  inline: string[];
  /** Class, lang and dir of the html element of a doc page. */
  htmlClass: string;
  lang: string;
  dir: string;
};

/** A page's HTML as the site's build wrote it, and the URL it is served at. */
export type BuiltPage = {html: string; url: string};

export type CaptureSettings = {
  /** Chapter key: prefixes every id, so ids are unique across the book. */
  key: string;
  /** A CSS identifier standing for the chapter, for the ids inside its SVGs. */
  svgScope: string;
  excludeSelectors: string[];
  /** The site's public URL (`url` + `baseUrl`): links to it are links within the site. */
  publicBase: string;
  /** Tokens this long get break opportunities (see long-tokens.ts). */
  longToken: number;
  /** The doc's title: a page that shows none (`hide_title`) opens its chapter with it. */
  title: string;
  /**
   * The origin the page was rendered at, where text the page makes from its own address (an API
   * reference's code samples for a spec that names no server) prints as the site's public origin,
   * as a reader of the site sees it. Unset where the built page itself has that address as text.
   */
  ownOrigin?: string;
};

/** The element of a page that holds the doc: its article (a generated index has none), else its main column. */
export function contentOf(source: Document): HTMLElement | null {
  return (
    source.querySelector<HTMLElement>('.theme-doc-markdown')?.closest('article') ??
    source.querySelector<HTMLElement>('main .container > div') ??
    source.querySelector('main')
  );
}

/**
 * Copies the page's content into book form: chrome removed, every tab panel
 * shown under its label, details opened, form controls flattened, embeds
 * as their code or a link, images eager, URLs absolute, ids prefixed with the chapter key, and same-site links
 * marked for rewriting. Reads the page the tab shows, or `built` when given:
 * parsed, never run.
 */
export function capturePage(settings: CaptureSettings, built?: BuiltPage): CapturedPage {
  // What a server-rendered page shows while its content loads: a BrowserOnly fallback's skeleton, a busy region.
  const PLACEHOLDERS = '[aria-busy="true"], [class*="skeleton" i]';
  const lib = window.__exportPdfLib!;
  const source = built ? new DOMParser().parseFromString(built.html, 'text/html') : document;
  const pageUrl = built?.url ?? location.href;
  // The theme's error boundary replaced the doc: its message, not "This page crashed.", is what the export reports.
  const crashed = source.querySelector('.theme-doc-markdown') ? null : source.querySelector('[class*="errorBoundaryError"]');
  if (crashed) throw new Error(`${new URL(pageUrl).pathname} crashed in the browser: ${crashed.textContent?.trim() ?? ''}`);
  const content = lib.contentOf(source);
  if (!content) throw new Error(`no content on ${new URL(pageUrl).pathname}`);
  const root = content.cloneNode(true) as HTMLElement;
  for (const selector of settings.excludeSelectors) root.querySelectorAll(selector).forEach((element) => element.remove());
  lib.clickToLoadEmbeds(root, pageUrl);
  lib.lateImages(root);
  root.querySelectorAll('script, noscript, .theme-doc-toc-mobile, .pagination-nav').forEach((element) => element.remove());
  // A server-rendered page keeps React's empty comments between adjacent texts (`: <!-- -->Integration`),
  // which the same page rendered by the site's router has not: without them a page captures the
  // same however its tab reached it, and its part prints the same.
  const comments = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const found: Node[] = [];
  while (comments.nextNode()) found.push(comments.currentNode);
  for (const comment of found) comment.parentNode?.removeChild(comment);

  let needsBrowser: string[] | undefined;
  if (built) {
    needsBrowser = [];
    const lazy = lib.incompleteTabGroups(root);
    if (lazy > 0) needsBrowser.push(`${lazy} tab group(s) with panels only a browser renders`);
    const unpaired = lib.unpairedTabGroups(root);
    if (unpaired > 0) needsBrowser.push(`${unpaired} tab group(s) with more panels than tabs, paired by pressing each tab`);
    const placeholders = root.querySelectorAll(PLACEHOLDERS).length;
    if (placeholders > 0) needsBrowser.push(`${placeholders} placeholder(s) a script replaces`);
  } else {
    lib.restoreTabPanels(root);
  }
  const noTab = lib.showTabPanels(root);
  // A chapter opens with its title, also where the page shows none at its top (hide_title, or an
  // h1 further down that Docusaurus takes for the title): a book's reader has no sidebar or tab
  // title to tell where a doc begins. An h1 with text above it that reads as the title is the title.
  const markdown = root.querySelector('.theme-doc-markdown') ?? root;
  const firstTitle = markdown.querySelector('h1');
  const letters = (text: string | null) => (text ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  let textAbove = false;
  if (firstTitle) {
    const walker = root.ownerDocument.createTreeWalker(markdown, NodeFilter.SHOW_TEXT);
    while (walker.nextNode() && !textAbove) {
      if (firstTitle.compareDocumentPosition(walker.currentNode) & Node.DOCUMENT_POSITION_FOLLOWING) break;
      textAbove = !firstTitle.contains(walker.currentNode) && (walker.currentNode.textContent ?? '').trim() !== '';
    }
  }
  if (!firstTitle || (textAbove && letters(firstTitle.textContent) !== letters(settings.title))) {
    const header = root.ownerDocument.createElement('header');
    const title = root.ownerDocument.createElement('h1');
    title.textContent = settings.title;
    header.append(title);
    markdown.prepend(header);
  }
  if (settings.ownOrigin) {
    const published = new URL(settings.publicBase).origin;
    const texts = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (texts.nextNode()) {
      const text = texts.currentNode;
      if (text.textContent!.includes(settings.ownOrigin)) text.textContent = text.textContent!.replaceAll(settings.ownOrigin, published);
    }
  }
  // A themed image (ThemedImage) is built with both variants and shows one; once rendered it holds
  // only the current theme's. The book is light: the dark variant goes, as the router leaves it out.
  root.querySelectorAll('[class*="themedComponent--dark"]').forEach((variant) => variant.remove());
  lib.openDetails(root);
  lib.flattenControls(root);
  lib.eagerMedia(root, pageUrl);
  lib.snacksAsCode(root);
  lib.embedsAsLinks(root, pageUrl, settings.publicBase);
  lib.renameSvgIds(root, settings.svgScope);
  lib.keepDrawnWidths(root);
  lib.mathForReaders(root);
  lib.breakLongTokens(root, settings.longToken);

  const ids: string[] = [];
  // A partial imported into each of several tab panels repeats its heading ids: each copy
  // after the first gets ~2, ~3… so its TOC entry and bookmark open it, not the first copy.
  const seen = new Map<string, number>();
  for (const element of root.querySelectorAll<HTMLElement>('[id]')) {
    if (element.closest('svg')) continue;
    const copy = (seen.get(element.id) ?? 0) + 1;
    seen.set(element.id, copy);
    element.id = `${settings.key}--${element.id}${copy > 1 ? `~${copy}` : ''}`;
    ids.push(element.id);
  }
  const headings = [...root.querySelectorAll<HTMLElement>('h2[id], h3[id]')].map((heading) => ({
    id: heading.id,
    level: Number(heading.tagName[1]),
    text: heading.textContent?.replace(/\u200b/g, '').trim() ?? '',
  }));
  const targets = lib.markLinks(root, pageUrl, settings.publicBase);
  // An alt of spaces only (alt=" ", React Native's banners) says decorative as alt="" does; Chromium
  // tags it as a figure with no alternate text instead, so it is written as alt="".
  for (const image of root.querySelectorAll('img[alt]')) if (!image.getAttribute('alt')!.trim()) image.setAttribute('alt', '');
  // Chromium tags a <figure> as a Figure of its own, with no alternate text (PDF/UA 13-004), around
  // the image's Figure and its caption (React Native: 21 such figures): as a group, the image keeps
  // its alt and the caption is read.
  for (const figure of root.querySelectorAll('figure:not([role])')) figure.setAttribute('role', 'group');
  // A list whose rows are <div>s (an API theme's parameters) has them as its items for a screen
  // reader too: Chromium would tag their content straight under the list (Matterhorn 09-004).
  for (const row of root.querySelectorAll(':is(ul, ol) > :not(li, [role])')) row.setAttribute('role', 'listitem');
  // An image with no alt attribute prints as a figure a screen reader cannot describe (alt="" is decorative).
  const noAlt = [...root.querySelectorAll('img:not([alt])')].map(
    (image) => (image.getAttribute('src') ?? '').split(/[?#]/)[0]!.split('/').filter(Boolean).pop() ?? 'image',
  );
  const warnings = [
    ...(noAlt.length === 0
      ? []
      : [
          `${noAlt.length} image(s) without alt text, which the tagged PDF cannot describe: ${noAlt.slice(0, 5).join(', ')}${noAlt.length > 5 ? ', …' : ''}`,
        ]),
    ...(noTab === 0 ? [] : [`${noTab} tab panel(s) no tab of their group shows, left out as the site's reader never sees them`]),
  ];
  return {
    html: root.outerHTML,
    headings,
    ids,
    targets,
    finalPath: new URL(pageUrl).pathname,
    warnings,
    ...(needsBrowser?.length ? {needsBrowser} : {}),
  };
}

/** The site's CSS as the page the tab shows has it loaded, or as `built` links it. */
export function pageStyles(built?: BuiltPage): PageStyles {
  const source = built ? new DOMParser().parseFromString(built.html, 'text/html') : document;
  const pageUrl = built?.url ?? location.href;
  const html = source.documentElement;
  return {
    links: [...source.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.getAttribute('href') ?? '', pageUrl).href,
    ),
    // The page's own style elements, not those inside an SVG: a diagram's styles travel with it
    // in the article, and Mermaid names them after ids drawn anew on each render.
    inline: [...source.querySelectorAll('style')].filter((style) => !style.closest('svg')).map((style) => style.textContent ?? ''),
    // The book is every doc: the class naming the one doc a page shows (docs-doc-id-…) would
    // apply that doc's CSS to all, and make the parts' HTML depend on which page was captured last.
    htmlClass: [...html.classList].filter((name) => !name.startsWith('docs-doc-id-')).join(' '),
    lang: html.lang,
    dir: html.dir,
  };
}
