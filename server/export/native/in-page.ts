// Functions puppeteer runs inside Chromium pages. Each must be self-contained:
// it is serialized with Function.prototype.toString and cannot see imports.
// The types below are shared with the Node side.

declare global {
  interface Window {
    /** Set by the plugin's client module (client/route-signal.ts) each time a route renders. */
    __docusaurusExportPdf?: {path: string; renders: number};
  }
}

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

/** Moves the page to `path` with the site's own router and waits until the route has rendered. */
export async function showRoute(path: string, timeoutMs: number): Promise<boolean> {
  const normalize = (value: string) => decodeURI(value).replace(/\/+$/, '') || '/';
  const signal = () => window.__docusaurusExportPdf;
  const deadline = Date.now() + timeoutMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  while (!signal()) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  if (normalize(signal()!.path) === normalize(path)) return true;
  const before = signal()!.renders;
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
  while (signal()!.renders === before) {
    if (Date.now() > deadline) return false;
    await sleep(5);
  }
  return true;
}

/**
 * Waits for what a page needs before it is captured: the expected number of
 * Mermaid diagrams, web fonts, and a short spell without DOM changes (effects
 * that render after the route). Gives up at the deadline and says what was missing.
 */
export async function settlePage(options: {mermaidDiagrams: number; quietMs: number; timeoutMs: number}): Promise<string[]> {
  const deadline = Date.now() + options.timeoutMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const warnings: string[] = [];
  const diagrams = () => document.querySelectorAll('.docusaurus-mermaid-container svg').length;
  while (diagrams() < options.mermaidDiagrams && Date.now() < deadline) await sleep(10);
  if (diagrams() < options.mermaidDiagrams) {
    warnings.push(`${options.mermaidDiagrams - diagrams()} Mermaid diagram(s) did not render`);
  }
  await Promise.race([document.fonts.ready, sleep(Math.max(0, deadline - Date.now()))]);
  let lastChange = Date.now();
  const observer = new MutationObserver(() => (lastChange = Date.now()));
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  while (Date.now() - lastChange < options.quietMs && Date.now() < deadline) await sleep(4);
  observer.disconnect();
  return warnings;
}

/** A page's HTML as the site's build wrote it, and the URL it is served at. */
export type BuiltPage = {html: string; url: string};

/**
 * Copies the page's content into book form: chrome removed, every tab panel
 * shown under its label, details opened, images eager, URLs absolute, ids
 * prefixed with the chapter key, and same-site links marked for rewriting.
 * Reads the page the tab shows, or `built` when given: parsed, never run.
 */
export function capturePage(key: string, excludeSelectors: string[], built?: BuiltPage): CapturedPage {
  const source = built ? new DOMParser().parseFromString(built.html, 'text/html') : document;
  const pageUrl = new URL(built?.url ?? location.href);
  const content =
    source.querySelector('.theme-doc-markdown')?.closest('article') ??
    source.querySelector('main .container > div') ??
    source.querySelector('main');
  if (!content) throw new Error(`no content on ${pageUrl.pathname}`);
  const root = content.cloneNode(true) as HTMLElement;
  for (const selector of excludeSelectors) root.querySelectorAll(selector).forEach((element) => element.remove());
  root.querySelectorAll('script, noscript, .theme-doc-toc-mobile, .pagination-nav').forEach((element) => element.remove());

  for (const tabs of root.querySelectorAll<HTMLElement>('.tabs-container')) {
    const labels = [...tabs.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent?.trim() ?? '');
    tabs.querySelectorAll('[role="tablist"]').forEach((list) => list.remove());
    tabs.querySelectorAll<HTMLElement>('[role="tabpanel"]').forEach((panel, index) => {
      panel.removeAttribute('hidden');
      panel.style.removeProperty('display');
      const label = document.createElement('div');
      label.className = 'export-pdf-tab-label';
      label.textContent = labels[index] ?? '';
      panel.before(label);
    });
  }
  for (const details of root.querySelectorAll('details')) {
    details.setAttribute('open', '');
    details.setAttribute('data-collapsed', 'false');
    for (const child of details.children) {
      if (child.tagName !== 'SUMMARY') (child as HTMLElement).removeAttribute('style');
    }
  }
  for (const image of root.querySelectorAll('img')) {
    image.setAttribute('loading', 'eager');
    image.removeAttribute('decoding');
    const src = image.getAttribute('src');
    if (src) image.setAttribute('src', new URL(src, pageUrl).href);
    image.removeAttribute('srcset');
  }
  for (const element of root.querySelectorAll('[src]:not(img), source[srcset]')) {
    const src = element.getAttribute('src');
    if (src) element.setAttribute('src', new URL(src, pageUrl).href);
  }

  // SVG ids (Mermaid's markers and styles) are renamed together with every reference to them.
  root.querySelectorAll('svg').forEach((svg, index) => {
    const ids = [...svg.querySelectorAll('[id]')].map((element) => element.id).concat(svg.id ? [svg.id] : []);
    if (ids.length === 0) return;
    const prefix = `${key}--svg${index}-`;
    const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`#(${ids.map(escape).sort((a, b) => b.length - a.length).join('|')})(?![\\w-])`, 'g');
    const rewrite = (value: string) => value.replace(pattern, (_match, id: string) => `#${prefix}${id}`);
    for (const element of [svg, ...svg.querySelectorAll('*')]) {
      for (const attribute of [...element.attributes]) {
        if (attribute.name === 'id') element.setAttribute('id', prefix + attribute.value);
        else if (attribute.value.includes('#')) element.setAttribute(attribute.name, rewrite(attribute.value));
      }
      if (element.tagName.toLowerCase() === 'style' && element.textContent) element.textContent = rewrite(element.textContent);
    }
  });

  const ids: string[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[id]')) {
    if (element.closest('svg')) continue;
    element.id = `${key}--${element.id}`;
    ids.push(element.id);
  }
  const headings = [...root.querySelectorAll<HTMLElement>('h2[id], h3[id]')].map((heading) => ({
    id: heading.id,
    level: Number(heading.tagName[1]),
    text: heading.textContent?.replace(/\u200b/g, '').trim() ?? '',
  }));

  const targets: string[] = [];
  for (const link of root.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href')!;
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (url.origin !== pageUrl.origin) continue;
    let hash = url.hash.slice(1);
    try {
      hash = decodeURIComponent(hash);
    } catch {
      // A malformed escape stays as written; it then matches no id and the link opens the page.
    }
    link.setAttribute('data-export-path', url.pathname);
    link.setAttribute('data-export-hash', hash);
    if (hash) targets.push(`${url.pathname}#${hash}`);
    link.setAttribute('href', url.href);
  }
  return {html: root.outerHTML, headings, ids, targets, finalPath: pageUrl.pathname, warnings: []};
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
    inline: [...source.querySelectorAll('style')].map((style) => style.textContent ?? ''),
    htmlClass: html.className,
    lang: html.lang,
    dir: html.dir,
  };
}

/**
 * In a book part: points every same-site link at its target. Links to exported
 * pages get `marker` + the target id (the merge turns them into in-PDF jumps);
 * other same-site links go to the site's public URL.
 */
export function linkBookPart(options: {
  chapterKeys: Record<string, string>;
  knownIds: string[];
  marker: string;
  publicOrigin: string;
}): void {
  const known = new Set(options.knownIds);
  const normalize = (value: string) => {
    try {
      return decodeURI(value).replace(/\/+$/, '') || '/';
    } catch {
      return value;
    }
  };
  for (const link of document.querySelectorAll('a[data-export-path]')) {
    const path = link.getAttribute('data-export-path')!;
    const hash = link.getAttribute('data-export-hash') ?? '';
    const key = options.chapterKeys[normalize(path)];
    if (key !== undefined) {
      const id = hash && known.has(`${key}--${hash}`) ? `${key}--${hash}` : key;
      link.setAttribute('href', options.marker + encodeURIComponent(id));
    } else {
      link.setAttribute('href', options.publicOrigin + path + (hash ? `#${encodeURIComponent(hash)}` : ''));
    }
  }
}

/** Waits for the part's stylesheets, fonts and images; an image that never loads is given up on at the deadline. */
export async function settleBookPart(timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const pending = () => [
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet),
    ...[...document.images].filter((image) => !image.complete),
  ];
  while (pending().length > 0 && Date.now() < deadline) await sleep(20);
  await Promise.race([document.fonts.ready, sleep(Math.max(0, deadline - Date.now()))]);
  return pending().map((element) => `not loaded: ${(element as HTMLImageElement).src ?? (element as HTMLLinkElement).href}`);
}

/** One page of the header/footer overlay; `title` null for a page that gets neither (the cover). */
export type OverlayPage = {title: string | null; number: number};

/**
 * Builds the overlay document: one transparent page per page of the book, with
 * the header and footer templates filled in for that page. Its pages are drawn
 * over the book's, which is how each page gets its own chapter title.
 */
export function buildOverlay(options: {
  pages: OverlayPage[];
  total: number;
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
      pageNumber: String(page.number),
      totalPages: String(options.total),
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
