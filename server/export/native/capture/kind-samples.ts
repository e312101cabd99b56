import type {Chapter} from '../../book-plan';
import type {ExportJob} from '../../engine';
import type {ExportBrowser} from '../shared/export-page';
import {CaptureCache, type KindVerdict} from './capture-cache';
import {captureChapters, parseBuilt, type CaptureOptions} from './capture-chapters';
import type {CapturedPage, PageStyles} from './page/capture-page';
import type {SiteTab} from './site-tab';

/** The samples of one judgement, captured as rendered, and the kinds' verdicts. */
export type KindJudgement = {
  verdicts: KindVerdict[];
  pages: Map<string, CapturedPage>;
  scripts: Map<string, string[]>;
  styles?: PageStyles;
  /** The tab the samples rendered in, with the site loaded, for the rest of the capture. */
  siteTab?: SiteTab;
};

/** Words the rendered page may have beyond its built page before they count as content (a date, a counter). */
const STRAY_WORDS = 3;
const STRAY_SHARE = 0.01;

/** Elements that are content by themselves, counted apart from words. */
const BLOCKS: Array<[string, RegExp]> = [
  ['code block', /<pre\b/gi],
  ['image', /<img\b/gi],
  ['drawing', /<(?:svg|canvas)\b/gi],
  ['table', /<table\b/gi],
  ['tab panel', /\brole="tabpanel"/gi],
];

function wordsOf(html: string): string[] {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * What a page rendered in a browser shows that the same page read from the build lacks: words
 * past a few strays, and code blocks, images, drawings, tables and tab panels. '' when the build
 * holds it all; a built page with placeholders or lazy tab groups lacks them by its own account.
 */
export function lacksOfBuild(built: CapturedPage, rendered: CapturedPage): string {
  const lacks: string[] = [];
  if (built.needsBrowser) lacks.push(...built.needsBrowser);
  const have = new Map<string, number>();
  for (const word of wordsOf(built.html)) have.set(word, (have.get(word) ?? 0) + 1);
  const words = wordsOf(rendered.html);
  let missing = 0;
  for (const word of words) {
    const left = have.get(word) ?? 0;
    if (left > 0) have.set(word, left - 1);
    else missing++;
  }
  if (missing > Math.max(STRAY_WORDS, words.length * STRAY_SHARE)) lacks.push(`${missing} words`);
  for (const [name, pattern] of BLOCKS) {
    const more = (rendered.html.match(pattern)?.length ?? 0) - (built.html.match(pattern)?.length ?? 0);
    if (more > 0) lacks.push(`${more} ${name}${more > 1 ? 's' : ''}`);
  }
  return lacks.join(', ');
}

/** Chapters by kind, in book order; pages of no known kind are left out (they render in the browser). */
export function byKind(chapters: Chapter[]): Map<string, Chapter[]> {
  const kinds = new Map<string, Chapter[]>();
  for (const chapter of chapters) {
    if (chapter.kind === undefined) continue;
    kinds.set(chapter.kind, [...(kinds.get(chapter.kind) ?? []), chapter]);
  }
  return kinds;
}

/**
 * Renders `samples` (one page of each kind to judge) in a browser tab and parses their built
 * HTML beside it, and compares the two: a kind whose sample shows what its built page lacks
 * (a component drawing only in the browser, a lazy tab group, a placeholder) has its pages
 * rendered; the others are taken from the build. `options.builtFiles` names the samples' files.
 */
export async function judgeKinds(
  browser: ExportBrowser,
  samples: Chapter[],
  fingerprints: Map<string, string | undefined>,
  options: CaptureOptions,
): Promise<KindJudgement> {
  let siteTab: SiteTab | undefined;
  const parsed = new Map<string, CapturedPage>();
  const [rendered] = await Promise.all([
    captureChapters(browser, samples, {...options, builtFiles: new Map(), onPage: undefined, keepSiteTab: (tab) => (siteTab = tab)}),
    parseBuilt(browser, samples, options, (chapter, page) => parsed.set(chapter.key, page)),
  ]);
  const verdicts = samples.map((sample): KindVerdict => {
    const lacks = lacksOfBuild(parsed.get(sample.key)!, rendered.pages.get(sample.key)!);
    return {
      kind: sample.kind!,
      sample: {key: sample.key, permalink: sample.permalink, fingerprint: fingerprints.get(sample.key)},
      render: lacks !== '',
      lacks,
      scripts: rendered.scripts.get(sample.key) ?? [],
    };
  });
  return {verdicts, pages: rendered.pages, scripts: rendered.scripts, styles: rendered.styles, siteTab};
}

/** How a kind reads in the log. */
export function kindName(kind: string): string {
  if (kind === '') return 'plain Markdown';
  const names = kind.split(' ');
  return names.length > 4 ? `${names.slice(0, 4).join(' ')} and ${names.length - 4} more` : kind;
}

/** What judging the kinds of an export's pages needs. */
export type KindsContext = {
  browser: ExportBrowser;
  cache: CaptureCache;
  job: Pick<ExportJob, 'buildDir' | 'manifest' | 'log'>;
  /** Every chapter's capture cache fingerprint, by key. */
  fingerprintOf: Map<string, string | undefined>;
  /** The capture settings the verdicts are kept under. */
  fingerprintSettings: string;
  /** Scripts found in the build during this export (CaptureCache.scriptsInBuild). */
  present: Map<string, Promise<boolean>>;
  /** The capture's options; its `builtFiles` lose the pages of kinds that render. */
  options: CaptureOptions;
};

/**
 * Judges the kinds of the pages to capture that the build may hold whole: a verdict kept from an
 * earlier export holds while its sample is unchanged and the scripts it ran are in the build;
 * other kinds are sampled (judgeKinds). The pages of kinds that render lose their built file.
 * Returns the fresh judgement, if any, and how many pages besides its samples now render for their kind.
 */
export async function judgeKindsOf(chapters: Chapter[], context: KindsContext): Promise<{judgement?: KindJudgement; rendered: number}> {
  const {cache, job, options, fingerprintSettings} = context;
  const builtFiles = options.builtFiles!;
  const kinds = byKind(chapters.filter((chapter) => builtFiles.has(chapter.key)));
  const verdicts: KindVerdict[] = [];
  const samples: Chapter[] = [];
  for (const [kind, members] of kinds) {
    const kept = cache.verdict(fingerprintSettings, kind);
    const holds =
      kept?.sample.fingerprint !== undefined &&
      context.fingerprintOf.get(kept.sample.key) === kept.sample.fingerprint &&
      (await CaptureCache.scriptsInBuild(job.buildDir!, job.manifest.baseUrl, kept.scripts, context.present));
    if (holds) verdicts.push(kept!);
    else samples.push(members[0]!);
  }
  const judgement = samples.length > 0 ? await judgeKinds(context.browser, samples, context.fingerprintOf, options) : undefined;
  for (const verdict of judgement?.verdicts ?? []) {
    cache.setVerdict(fingerprintSettings, verdict);
    verdicts.push(verdict);
    const count = kinds.get(verdict.kind)!.length;
    if (verdict.render) {
      job.log(
        `pages of the kind ${kindName(verdict.kind)} (${count}) render in the browser: ${verdict.sample.permalink} shows there ${verdict.lacks} that its built page lacks`,
      );
    }
  }
  const same = (judgement?.verdicts ?? []).filter((verdict) => !verdict.render);
  if (same.length > 0) {
    job.log(`${same.length} kind(s) of page rendered once in the browser show nothing their built pages lack: taken from the build`);
  }
  let rendered = 0;
  for (const verdict of verdicts) {
    if (!verdict.render) continue;
    for (const chapter of kinds.get(verdict.kind)!) {
      builtFiles.delete(chapter.key);
      if (!judgement?.pages.has(chapter.key)) rendered++;
    }
  }
  return {judgement, rendered};
}
