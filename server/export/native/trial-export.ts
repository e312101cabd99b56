import type {BookPlan, Chapter} from '../book-plan';
import type {ExportJob} from '../engine';

/**
 * The book of the trial export a server runs once its browser is up (engine.ts: warm): a
 * chapter that renders in a browser tab, diagrams first, and one chapter of each kind the build
 * may hold whole, in book order. The second loads the site's scripts, and its
 * diagram library when it has diagrams, into the browser's cache, and its tab is kept for the first
 * export's pages that render in the browser (capture/site-tab.ts); both, the cover, the TOC and
 * the merge run the export's code once, so the first export is not the process's first run of it
 * (a cold merge of the example site took 1.4 s, against 0.6–0.9 s in a process that had exported
 * before). Undefined for a book of no chapter.
 */
export function trialPlan(plan: BookPlan): BookPlan | undefined {
  const {chapters} = plan;
  const inBrowser = chapters.find((one) => one.mermaidDiagrams > 0) ?? chapters.find((one) => one.rendersInBrowser);
  // One page of each kind (capture/kind-samples.ts): capture judges each kind on it, and the
  // engine keeps the verdicts, so that the first export renders no page only to judge its kind.
  const kinds = new Map<string | undefined, Chapter>();
  for (const one of chapters) if (!one.rendersInBrowser && !kinds.has(one.kind) && kinds.size < TRIAL_KINDS) kinds.set(one.kind, one);
  const picked = chapters.filter((one) => one === inBrowser || [...kinds.values()].includes(one));
  if (picked.length === 0) return undefined;
  return {chapters: picked, nodes: picked.map((chapter) => ({title: chapter.title, chapterKey: chapter.key, children: []})), parts: []};
}

/** Kinds of page the trial judges at most: the first export judges any others. */
const TRIAL_KINDS = 12;

/**
 * Longest a trial may run before its browser is stopped: exports asked for meanwhile wait for
 * it. A page of a dev server that compiles on its first request can take tens of seconds.
 */
const TRIAL_TIMEOUT_MS = 60_000;

/** The trial as the engine runs it: silent (the engine logs one line for it), under a deadline of its own. */
export function trialJob(job: ExportJob): ExportJob {
  return {...job, log: () => undefined, onProgress: undefined, timeoutMs: Math.min(job.timeoutMs, TRIAL_TIMEOUT_MS)};
}
