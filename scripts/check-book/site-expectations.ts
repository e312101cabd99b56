import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {SiteManifest} from '../../contracts/manifest';
import type {PluginOptions} from '../../contracts/options';
import {planBook, type BookNode, type BookPart, type Chapter} from '../../server/export/book-plan';
import {bookTexts} from '../../server/export/book-texts';
import {resolveExportTarget, type ExportTarget} from '../../server/export/export-target';
import {CaptureCache} from '../../server/export/native/capture/capture-cache';
import {HttpError} from '../../server/errors';
import {builtSite, readBuiltManifests} from '../../server/manifest';
import {InvocationError} from './arguments';
import {readArticle, type ArticleFacts} from './html-article';
import {textKey} from './text-normal';
import type {RenderedArticle} from './rendered-article';
import {renderArticles} from './rendered-pages';

/** One chapter the book must hold, with what its built page says about it. */
export type ExpectedChapter = {
  chapter: Chapter;
  /** The title the chapter opens with: its article's h1, else the doc title (see bookTitle). */
  title: string;
  /** The built HTML file it was read from. */
  file: string;
  /** What the book must hold of the page: as a reader sees it (rendered), else as built; its headings below the title. */
  article: ArticleFacts;
  /** Words of the built page's article, beside those of the rendered one the `article` counts. */
  builtWords: number;
  /** The page as rendered in Chromium, every tab selected once; absent with --from-build or when it failed to render. */
  rendered?: Pick<RenderedArticle, 'panels'>;
};

/** Everything the checks expect of the book, from the site. */
export type SiteExpectations = {
  manifest: SiteManifest;
  target: ExportTarget;
  /** Heading of the book's TOC: the tocTitle option, else its translation in the locale. */
  tocTitle: string;
  /** The export options the book was made with. */
  options: PluginOptions;
  /** Every page of the version in sidebar order, each once. */
  chapters: ExpectedChapter[];
  /** The sidebar tree the TOC and the outline mirror. */
  nodes: BookNode[];
  /** Part pages, in book order. */
  parts: BookPart[];
};

/**
 * The title a chapter opens with, as capture gives it: the article's first h1, unless the article
 * has none, or text above it and another text than the doc's title (an h1 further down that
 * Docusaurus took for the page's title): then the doc's title.
 */
function bookTitle(article: ArticleFacts, docTitle: string): string {
  if (!article.title) return docTitle;
  if (article.textBeforeTitle && textKey(article.title) !== textKey(docTitle)) return docTitle;
  return article.title;
}

/** Which part of the site the book covers, and whether its pages are rendered (default) or read as built. */
export type SiteSelection = {site: string; dir?: string; docsPlugin?: string; version?: string; locale?: string; fromBuild?: boolean};

function resolveTarget(manifests: Map<string, SiteManifest>, selection: SiteSelection): ExportTarget {
  try {
    return resolveExportTarget(manifests, {locale: selection.locale, docsPluginId: selection.docsPlugin, version: selection.version});
  } catch (error) {
    if (error instanceof HttpError) {
      const detail = (error as HttpError & {detail?: string}).detail;
      throw new InvocationError(detail ? `${error.message}. ${detail}` : error.message);
    }
    throw error;
  }
}

/**
 * Reads the site's export manifest and the built HTML of every chapter the book must hold,
 * choosing the locale and version as the export API does. Throws InvocationError when the site
 * is not built or the selection names nothing.
 */
export async function readSiteExpectations(
  selection: SiteSelection,
  log: (line: string) => void = () => undefined,
): Promise<SiteExpectations> {
  let manifests: Map<string, SiteManifest>;
  try {
    manifests = await readBuiltManifests(builtSite(path.resolve(selection.site), selection.dir));
  } catch (error) {
    throw new InvocationError((error as Error).message);
  }
  const target = resolveTarget(manifests, selection);
  if (!target.outlineVersion) {
    throw new InvocationError(`The site has no docs for the docs plugin "${target.docsPluginId}".`);
  }
  const {manifest} = target;
  const plan = planBook(target.outlineVersion, undefined, {disableParts: manifest.options.disableParts});
  const chapters: ExpectedChapter[] = [];
  const files: string[] = [];
  for (const chapter of plan.chapters) {
    const built = await CaptureCache.builtFile(manifest.outDir, manifest.baseUrl, chapter);
    if (!built) {
      throw new InvocationError(`No built page for ${chapter.permalink} in ${manifest.outDir}: build the site first (npm run build).`);
    }
    files.push(built.path);
  }
  const rendered = selection.fromBuild ? new Map<string, RenderedArticle>() : await renderArticles(manifest, plan.chapters, log);
  for (const [index, chapter] of plan.chapters.entries()) {
    const builtHtml = await fs.readFile(files[index]!, 'utf8');
    const built = readArticle(builtHtml, manifest.options.excludeSelectors);
    const page = asPublished(rendered.get(chapter.key), builtHtml, new URL(manifest.siteUrl).origin);
    const article = page ? readArticle(page.html, manifest.options.excludeSelectors) : built;
    const title = bookTitle(article, chapter.title);
    // The article's h1 that is the chapter's title is the title; another h1 (under a title the book
    // adds) is a heading of the page.
    const titleAt = title === article.title ? article.headings.findIndex((heading) => heading.level === 1) : -1;
    chapters.push({
      chapter,
      title,
      file: files[index]!,
      article: {...article, headings: article.headings.filter((_, at) => at !== titleAt)},
      builtWords: built.text.split(/\s+/).filter(Boolean).length,
      ...(page ? {rendered: {panels: page.panels}} : {}),
    });
  }
  return {
    manifest,
    target,
    tocTitle: bookTexts(manifest).tocTitle,
    options: manifest.options,
    chapters,
    nodes: plan.nodes,
    parts: plan.parts,
  };
}

/**
 * A rendered page with the text it made from its own address (an API reference's code samples for
 * a spec that names no server) at the site's public origin, as the export prints it
 * (CaptureSettings.ownOrigin): unchanged where the built page itself has that address.
 */
function asPublished(page: RenderedArticle | undefined, builtHtml: string, publicOrigin: string): RenderedArticle | undefined {
  if (!page || builtHtml.includes(new URL(page.origin).host)) return page;
  const fix = (text: string) => text.replaceAll(page.origin, publicOrigin);
  return {
    ...page,
    html: page.html.replace(/>[^<]*</g, fix),
    codeBlocks: page.codeBlocks.map(fix),
    panels: page.panels.map((panel) => ({...panel, text: fix(panel.text)})),
  };
}
