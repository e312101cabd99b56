import type {PrebuiltBook, PrebuiltIndex} from 'docusaurus-plugin-export-pdf';

/** A book made at build time, with the URL it downloads from. */
export type PrebuiltDownload = {book: PrebuiltBook; href: string};

/** How long the button waits for an API before it offers the books made at build time. */
const API_PROBE_MS = 1500;

/**
 * Whether an export API answers at `apiUrl`: any HTTP answer counts (a 401
 * still means an API is there); only a network failure or silence past the
 * probe's deadline means a static host.
 */
export async function apiAnswers(apiUrl: string): Promise<boolean> {
  try {
    await fetch(`${apiUrl}/health`, {signal: AbortSignal.timeout(API_PROBE_MS), cache: 'no-store'});
    return true;
  } catch {
    return false;
  }
}

/** This locale's books made at build time, in the order the build made them; none when it made none. */
export async function loadPrebuiltBooks(indexPath: string, signal?: AbortSignal): Promise<PrebuiltDownload[]> {
  let index: Partial<PrebuiltIndex> | undefined;
  try {
    const response = await fetch(indexPath, {cache: 'no-cache', signal});
    index = response.ok ? ((await response.json()) as Partial<PrebuiltIndex>) : undefined;
  } catch (error) {
    if (signal?.aborted) throw error;
    index = undefined;
  }
  const folder = indexPath.slice(0, indexPath.lastIndexOf('/') + 1);
  return (Array.isArray(index?.books) ? index.books : []).map((book) => ({book, href: folder + encodeURIComponent(book.file)}));
}

/**
 * The book of the docs instance and version being viewed. Outside the docs
 * (neither is known), the first book: the build lists each instance's default
 * version first, in the order the site declares the instances.
 */
export function pickPrebuilt(books: PrebuiltDownload[], want: {docsPluginId?: string; version?: string}): PrebuiltDownload | undefined {
  return books.find(
    ({book}) =>
      (want.docsPluginId === undefined || book.docsPluginId === want.docsPluginId) &&
      (want.version === undefined || book.version === want.version),
  );
}

/** Starts the browser's download of `href` as a click on a link would. */
export function startDownload(download: PrebuiltDownload): void {
  const link = document.createElement('a');
  link.href = download.href;
  link.download = download.book.file;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
