import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {scaleTargets, timePer1000Docs} from '../../../scripts/bench/scale-targets';
import type {EngineSummary} from '../../../scripts/bench/summary';
import {evaluateTargets} from '../../../scripts/bench/targets';

const native = (medianWallMs: number | undefined, memory: {rss?: number; pss?: number} = {}): EngineSummary => ({
  engine: 'native',
  runsPlanned: 1,
  runsFinished: medianWallMs === undefined ? 0 : 1,
  wallsMs: [medianWallMs],
  medianWallMs,
  phaseMediansMs: {},
  phasePeakRssBytes: {},
  peakRssBytes: memory.rss,
  peakPssBytes: memory.pss,
  pages: [],
});

const GB = 1024 ** 3;

describe('bench targets across sizes and for memory', () => {
  it('prints the time per 1,000 docs at each generated size native finished, leaving the example site out', () => {
    const sizes = [
      {docs: 'example' as const, summaries: [native(4_000)]},
      {docs: 100, summaries: [native(8_000)]},
      {docs: 1000, summaries: [native(80_000)]},
      {docs: 3000, summaries: [native(undefined)]},
    ];
    assert.deepEqual(timePer1000Docs(sizes), [
      {docs: 100, ms: 80_000},
      {docs: 1000, ms: 80_000},
    ]);
  });

  it('passes a 3,000-doc export that costs at most 1.1× per 1,000 docs what 1,000 docs cost, and fails one that costs more', () => {
    const linear = scaleTargets([
      {docs: 1000, summaries: [native(80_000)]},
      {docs: 3000, summaries: [native(252_000)]},
    ]);
    assert.equal(linear[0]?.status, 'PASS');
    assert.match(linear[0]!.detail, /×1\.05 \(84\.0 s \/ 80\.0 s per 1,000 docs\)/);
    const steeper = scaleTargets([
      {docs: 1000, summaries: [native(80_000)]},
      {docs: 3000, summaries: [native(300_000)]},
    ]);
    assert.equal(steeper[0]?.status, 'FAIL');
    const unfinished = scaleTargets([
      {docs: 1000, summaries: [native(80_000)]},
      {docs: 3000, summaries: [native(undefined)]},
    ]);
    assert.equal(unfinished[0]?.status, 'FAIL');
    assert.deepEqual(scaleTargets([{docs: 1000, summaries: [native(80_000)]}]), [], 'nothing to judge without both sizes');
    assert.deepEqual(scaleTargets([{docs: 'example', summaries: [native(4_000)]}]), [], 'nor on the example site');
  });

  it('judges peak RSS against the absolute limits at 1,000 and 3,000 docs, with PSS shown beside it', () => {
    const memory = (docs: number, rss: number) =>
      evaluateTargets(docs, [native(1000, {rss, pss: rss / 2})]).find((outcome) => outcome.target.startsWith('peak RSS'));
    assert.equal(memory(1000, 1.1 * GB)?.status, 'PASS');
    assert.equal(memory(1000, 1.3 * GB)?.status, 'FAIL');
    assert.match(memory(1000, 1.3 * GB)!.detail, /peak RSS 1331 MB, PSS 666 MB \(limit 1229 MB\)/);
    assert.equal(memory(3000, 1.4 * GB)?.status, 'PASS');
    assert.equal(memory(300, 5 * GB), undefined, 'no memory limit at 300 docs');
  });
});
