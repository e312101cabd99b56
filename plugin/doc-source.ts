// Facts about a doc that only its source tells: what its page renders in the
// browser after load, which the static build's HTML does not have.

const FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;
const MDX_IMPORT = /^import\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const BROWSER_ONLY_TAG = /<BrowserOnly\b/;
/** Modules whose components render the same on the server as in the browser. */
const SERVER_RENDERED_MODULE = /^@(?:theme|docusaurus)\//;
/** Of those, the ones that render only in the browser. */
const BROWSER_RENDERED_MODULE = /^@(?:theme\/Mermaid|docusaurus\/BrowserOnly|docusaurus\/useIsBrowser)$/;
/** Assets an MDX file imports: they render the same on the server. */
const ASSET_MODULE = /\.(?:png|jpe?g|gif|webp|avif|svg|json|ya?ml)$/i;
/** Markdown partials an MDX file imports: their own text, which differs from doc to doc. */
const PARTIAL_MODULE = /\.mdx?$/i;
/** A JSX element of a component (capitalized, or a member such as `Tabs.Item`) in MDX text. */
const JSX_COMPONENT = /<([A-Z][\w]*(?:\.[\w]+)*)(?=[\s/>])/g;
const INLINE_CODE = /(`+)[^`]*?\1/g;

type Fence = {language: string; meta: string};

/** Splits a Markdown source into its code fences (info strings) and the text outside them. */
function scan(source: string): {fences: Fence[]; text: string} {
  const fences: Fence[] = [];
  const text: string[] = [];
  let open: {char: string; length: number} | undefined;
  let mdx: {char: string; length: number} | undefined;
  for (const line of source.split('\n')) {
    const fence = FENCE.exec(line);
    if (mdx && fence && fence[1]![0] === mdx.char && fence[1]!.length >= mdx.length && fence[2]!.trim() === '') {
      mdx = undefined;
      continue;
    }
    if (open) {
      if (fence && fence[1]![0] === open.char && fence[1]!.length >= open.length && fence[2]!.trim() === '') open = undefined;
      continue;
    }
    if (fence) {
      const [language = '', ...meta] = fence[2]!.trim().split(/\s+/);
      // Docusaurus renders an mdx-code-block fence's content as MDX, not as code: its imports and components count.
      if (language === 'mdx-code-block') {
        mdx = {char: fence[1]![0]!, length: fence[1]!.length};
        continue;
      }
      fences.push({language, meta: meta.join(' ')});
      open = {char: fence[1]![0]!, length: fence[1]!.length};
      continue;
    }
    text.push(line);
  }
  return {fences, text: text.join('\n')};
}

/** Mermaid diagrams in a doc's source: they exist only once a browser has rendered them. */
export function countMermaidDiagrams(source: string | undefined): number {
  if (source === undefined) return 0;
  return scan(source).fences.filter((fence) => fence.language === 'mermaid').length;
}

/**
 * Whether a doc's page has content that only a browser renders, so that its
 * static HTML is not the whole page: Mermaid diagrams, live code blocks,
 * `<BrowserOnly>`, or components imported from outside Docusaurus' own theme
 * (they may render only after load). An unreadable source counts as such.
 */
export function rendersInBrowser(source: string | undefined): boolean {
  if (source === undefined) return true;
  const {fences, text} = scan(source);
  if (fences.some((fence) => fence.language === 'mermaid' || /(?:^|\s)live(?:\s|$)/.test(fence.meta))) return true;
  if (BROWSER_ONLY_TAG.test(text)) return true;
  return [...text.matchAll(MDX_IMPORT)].some(([, module]) => {
    if (BROWSER_RENDERED_MODULE.test(module!)) return true;
    return !SERVER_RENDERED_MODULE.test(module!) && !ASSET_MODULE.test(module!);
  });
}

/**
 * What a doc's page is made of, beyond Markdown: the modules its MDX imports (assets left out,
 * Markdown partials as one entry) and the components its text uses, sorted. Pages with the same
 * list are of one kind: an engine renders one of a kind in a browser and compares it with its
 * built HTML to learn whether the build holds what the kind's pages show (a theme's component
 * may draw in the browser only). Empty for plain Markdown; undefined for an unreadable source.
 */
export function pageComponents(source: string | undefined): string[] | undefined {
  if (source === undefined) return undefined;
  const text = scan(source).text.replace(INLINE_CODE, '');
  const found = new Set<string>();
  for (const [, module] of text.matchAll(MDX_IMPORT)) {
    if (ASSET_MODULE.test(module!)) continue;
    found.add(PARTIAL_MODULE.test(module!) ? 'partial.mdx' : module!);
  }
  for (const [, name] of text.matchAll(JSX_COMPONENT)) found.add(`<${name}>`);
  return [...found].sort();
}
