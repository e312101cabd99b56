/** The repository's own site (example-site/): a real Docusaurus site, never generated or edited. */
export const EXAMPLE = 'example';

/** What one row of the benchmark exports: a generated site of that many docs, or the example site. */
export type SiteSize = number | typeof EXAMPLE;

/** The doc count of a generated site; undefined for the example site, which per-doc figures leave out. */
export function generatedDocs(size: SiteSize): number | undefined {
  return size === EXAMPLE ? undefined : size;
}

/** How reports name a size: "100 docs", "example site". */
export function sizeLabel(size: SiteSize): string {
  return size === EXAMPLE ? 'example site' : `${size} docs`;
}

/** The size in file names: "docs-100" (as the generated site's directory), "example". */
export function sizeSlug(size: SiteSize): string {
  return size === EXAMPLE ? EXAMPLE : `docs-${size}`;
}
