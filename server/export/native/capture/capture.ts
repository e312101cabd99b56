import type {ExportBrowser} from '../shared/export-page';
import type {BookPlan, Chapter} from '../../book-plan';
import type {ExportJob} from '../../engine';
import {captureChapters, mergeStyles, type Capture, type CaptureOptions, type FreshCapture} from './capture-chapters';
import {judgeKindsOf} from './kind-samples';
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
  const {captureFromBuild, excludeSelectors} = job.manifest.options;
  const {buildDir} = job;
  const fromBuild = buildDir !== undefined && captureFromBuild !== false;
  const publicBase = job.manifest.siteUrl.replace(/\/+$/, '') + job.manifest.baseUrl;
  // The day: a page rendered in the browser read the clock of its day (page/pinned-clock.ts).
  const fingerprintSettings = JSON.stringify([job.siteOrigin, excludeSelectors, fromBuild, publicBase, new Date().toDateString()]);
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
  const siteTab = await stillCurrent(
    handoff.take?.(),
    job.siteOrigin,
    files.find((file) => file !== undefined),
  );
  if (missing.length === 0 && cachedStyles) {
    if (siteTab) await closeSiteTab(siteTab);
    job.log(`reused all ${pages.size} captured pages: the build has not changed`);
    return {pages, styles: cachedStyles};
  }
  const reused = pages.size;
  const builtFiles = new Map<string, string>();
  const builtPages = new Map(plan.chapters.flatMap((chapter, index) => (files[index] ? [[chapter.key, files[index].path] as const] : [])));
  if (fromBuild) {
    plan.chapters.forEach((chapter, index) => {
      if (!chapter.rendersInBrowser && files[index]) builtFiles.set(chapter.key, files[index].path);
    });
  }
  // The site's CSS is read from captured pages: with none cached, one page is captured anyway.
  const toCapture = missing.length > 0 ? missing : plan.chapters.slice(0, 1);
  const options: CaptureOptions = {
    origin: job.siteOrigin,
    excludeSelectors,
    publicBase,
    concurrency: settings.tabs,
    pageTimeoutMs: settings.pageTimeoutMs,
    pagesPerTab: settings.pagesPerTab,
    builtFiles,
    builtPages,
    siteTab,
    keepSiteTab: handoff.keep,
    log: job.log,
  };
  const fingerprintOf = new Map(plan.chapters.map((chapter, index) => [chapter.key, fingerprints[index]]));
  const kinds = await judgeKindsOf(toCapture, {browser, cache, job, fingerprintOf, fingerprintSettings, present, options});
  const sampled = kinds.judgement?.pages ?? new Map<string, CapturedPage>();
  const rest = toCapture.filter((chapter) => !sampled.has(chapter.key));
  let progress = 0;
  const fresh = await captureChapters(browser, rest, {
    ...options,
    siteTab: kinds.judgement ? kinds.judgement.siteTab : siteTab,
    onPage: (done, total) => {
      progress = sampled.size + done;
      onCaptured(reused + Math.min(progress, missing.length));
      if (done === total || done % 50 === 0) job.log(`captured ${done}/${total} pages`);
    },
  });
  if (progress === 0 && sampled.size > 0) onCaptured(reused + Math.min(sampled.size, missing.length));
  for (const [key, page] of sampled) fresh.pages.set(key, page);
  for (const [key, scripts] of kinds.judgement?.scripts ?? []) fresh.scripts.set(key, scripts);
  // The samples' tab read the site's CSS too; with nothing else captured, it alone did.
  const sampleStyles = kinds.judgement?.styles;
  if (sampleStyles) fresh.styles = rest.length > 0 ? mergeStyles([fresh.styles, sampleStyles]) : sampleStyles;
  job.log(captureSummary(rest, fresh, sampled.size, kinds.rendered));
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

/** The log's account of a capture: how many pages came from where, and why pages were rendered. */
function captureSummary(chapters: Chapter[], fresh: FreshCapture, sampled: number, ofKind: number): string {
  const {fromBuild, rendered} = fresh.counts ?? {fromBuild: 0, rendered: 0};
  const forSource = chapters.filter((chapter) => chapter.rendersInBrowser).length;
  const lacks = new Map<string, number>();
  for (const {reasons} of fresh.moved) {
    for (const reason of reasons) {
      const what = reason.replace(/^\d+ /, '');
      lacks.set(what, (lacks.get(what) ?? 0) + 1);
    }
  }
  const why = [
    forSource > 0 && `${forSource} for what their source uses (Mermaid, live code, BrowserOnly, components from outside the theme)`,
    sampled > 0 && `${sampled} rendered to judge their kind`,
    ofKind > 0 && `${ofKind} of kinds whose sample showed what their built pages lack`,
    fresh.moved.length > 0 &&
      `${fresh.moved.length} whose built page shows it lacks ${[...lacks].map(([what, count]) => `${what} (${count})`).join(', ')}`,
  ].filter(Boolean);
  return `pages taken from the build: ${fromBuild}, rendered in the browser: ${rendered + sampled}${why.length ? `: ${why.join('; ')}` : ''}`;
}
