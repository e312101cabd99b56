import type {ExportBrowser} from '../shared/export-page';
import type {BookPlan} from '../../book-plan';
import type {ExportJob} from '../../engine';
import {captureChapters, mergeStyles, type Capture} from './capture-chapters';
import {CaptureCache, type CachedCapture} from './capture-cache';
import type {CapturedPage} from './page/capture-page';
import {runPool} from '../shared/run-pool';
import {closeSiteTab, stillCurrent, type SiteTabHandoff} from './site-tab';

export type CaptureLimits = {
  /** Tabs capturing at once. */
  tabs: number;
  /** Pages a tab takes (rendered, or parsed from the build) before a fresh tab replaces it. */
  pagesPerTab?: number;
  /** Longest wait for one page to render and settle. */
  pageTimeoutMs: number;
};

/**
 * Captures the chapters of a book, reusing those a previous export took from
 * the same build files, and taking from the build's HTML those that need no browser.
 */
/** Built pages read and digested at once. */
const FILES_READ_AT_ONCE = 16;

export async function capture(
  job: ExportJob,
  plan: BookPlan,
  browser: ExportBrowser,
  cache: CaptureCache,
  settings: CaptureLimits,
  onCaptured: (done: number) => void,
  handoff: SiteTabHandoff = {},
): Promise<Capture> {
  const options = job.manifest.options;
  const {buildDir} = job;
  const fromBuild = buildDir !== undefined && options.captureFromBuild !== false;
  const publicBase = job.manifest.siteUrl.replace(/\/+$/, '') + job.manifest.baseUrl;
  const fingerprintSettings = JSON.stringify([job.siteOrigin, options.excludeSelectors, fromBuild, publicBase]);
  // A few files at a time: every built page holds the whole sidebar, so a site's pages add up to
  // its doc count squared (3,000 docs: 187 KB a page, 535 MB in all), all read at once 1.8 GB.
  const files = await runPool(
    plan.chapters.map((chapter) => async () => (buildDir ? CaptureCache.builtFile(buildDir, job.manifest.baseUrl, chapter) : undefined)),
    FILES_READ_AT_ONCE,
  );
  const fingerprints = plan.chapters.map((chapter, index) => CaptureCache.fingerprint(files[index], chapter, fingerprintSettings));
  const pages = new Map<string, CapturedPage>();
  const present = new Map<string, Promise<boolean>>();
  const stillBuilt = async (cached: CachedCapture | undefined) =>
    cached !== undefined &&
    (cached.scripts === undefined ||
      (buildDir !== undefined && (await CaptureCache.scriptsInBuild(buildDir, job.manifest.baseUrl, cached.scripts, present))));
  const reusable = await Promise.all(plan.chapters.map((_, index) => stillBuilt(cache.get(fingerprints[index]))));
  const missing = plan.chapters.filter((chapter, index) => {
    if (reusable[index]) pages.set(chapter.key, cache.get(fingerprints[index])!.page);
    return !reusable[index];
  });
  const cachedStyles = buildDir ? cache.styles(buildDir) : undefined;
  const siteTab = await stillCurrent(handoff.take?.(), job.siteOrigin, files[plan.chapters.findIndex((one) => one.rendersInBrowser)]);
  if (missing.length === 0 && cachedStyles) {
    if (siteTab) await closeSiteTab(siteTab);
    job.log(`reused all ${pages.size} captured pages: the build has not changed`);
    return {pages, styles: cachedStyles};
  }
  const reused = pages.size;
  const builtFiles = new Map<string, string>();
  if (fromBuild) {
    plan.chapters.forEach((chapter, index) => {
      if (!chapter.rendersInBrowser && files[index]) builtFiles.set(chapter.key, files[index].path);
    });
  }
  // The site's CSS is read from captured pages: with none cached, one page is captured anyway.
  const toCapture = missing.length > 0 ? missing : plan.chapters.slice(0, 1);
  const fresh = await captureChapters(browser, toCapture, {
    origin: job.siteOrigin,
    excludeSelectors: options.excludeSelectors,
    publicBase,
    concurrency: settings.tabs,
    pageTimeoutMs: settings.pageTimeoutMs,
    pagesPerTab: settings.pagesPerTab,
    builtFiles,
    siteTab,
    keepSiteTab: handoff.keep,
    log: job.log,
    onPage: (done, total) => {
      onCaptured(reused + Math.min(done, missing.length));
      if (done === total || done % 50 === 0) job.log(`captured ${done}/${total} pages`);
    },
  });
  if (fresh.counts) {
    job.log(`pages taken from the build: ${fresh.counts.fromBuild}, rendered in the browser: ${fresh.counts.rendered}`);
  }
  plan.chapters.forEach((chapter, index) => {
    const page = fresh.pages.get(chapter.key);
    if (!page) return;
    pages.set(chapter.key, page);
    if (buildDir) cache.set(fingerprints[index], page, fresh.scripts.get(chapter.key));
  });
  // Pages captured again from the same stylesheets (a rebuild names them anew) add their inline
  // styles to those of the pages reused: the book's CSS, and every part's print cache key, stay as they were.
  const sameSheets = cachedStyles && fresh.styles.links.every((link) => cachedStyles.links.includes(link));
  const styles = sameSheets ? mergeStyles([cachedStyles, fresh.styles]) : fresh.styles;
  if (buildDir) cache.setStyles(buildDir, styles);
  if (pages.size > fresh.pages.size) job.log(`reused ${pages.size - fresh.pages.size} captured pages of an unchanged build`);
  return {pages, styles};
}
