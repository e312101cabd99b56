import {generatedDocs, type SiteSize} from './site-size';
import type {EngineSummary} from './summary';
import type {TargetOutcome} from './targets';

/** The cold export's time per 1,000 docs at 3,000 docs against that at 1,000 (issue: ≤ 1.1×, cost grows linearly). */
const LINEAR_RATIO_MAX = 1.1;

export type SizeSummaries = {docs: SiteSize; summaries: EngineSummary[]};

/** The native engine's median cold export per 1,000 docs, at each generated size it finished (not the example site). */
export function timePer1000Docs(sizes: SizeSummaries[]): Array<{docs: number; ms: number}> {
  return sizes.flatMap(({docs: size, summaries}) => {
    const docs = generatedDocs(size);
    const wall = summaries.find((summary) => summary.engine === 'native')?.medianWallMs;
    return docs === undefined || wall === undefined ? [] : [{docs, ms: (wall * 1000) / docs}];
  });
}

/** Targets across sizes: cost grows linearly from 1,000 to 3,000 docs, when both ran. */
export function scaleTargets(sizes: SizeSummaries[]): TargetOutcome[] {
  const per = new Map(timePer1000Docs(sizes).map(({docs, ms}) => [docs, ms]));
  const [small, large] = [per.get(1000), per.get(3000)];
  if (!sizes.some(({docs}) => docs === 3000) || !sizes.some(({docs}) => docs === 1000)) return [];
  const target = `native time per 1,000 docs at 3,000 docs ≤ ${LINEAR_RATIO_MAX}× that at 1,000`;
  if (small === undefined || large === undefined) {
    return [{docs: 3000, target, status: 'FAIL', detail: 'native did not finish at 1,000 and 3,000 docs'}];
  }
  const ratio = large / small;
  return [
    {
      docs: 3000,
      target,
      status: ratio <= LINEAR_RATIO_MAX ? 'PASS' : 'FAIL',
      detail: `×${ratio.toFixed(2)} (${(large / 1000).toFixed(1)} s / ${(small / 1000).toFixed(1)} s per 1,000 docs)`,
    },
  ];
}
