import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {formatTargets} from '../../../scripts/bench/report';
import type {SiteSize} from '../../../scripts/bench/site-size';
import type {EngineSummary} from '../../../scripts/bench/summary';
import {evaluateTargets, pairedRatios, type TargetOutcome} from '../../../scripts/bench/targets';

const taggingTarget = (outcomes: TargetOutcome[]) => outcomes.find((outcome) => outcome.target.startsWith('tagged native'));

const engine = (name: string, wallsMs: Array<number | undefined>, pdfBytes: number): EngineSummary => {
  const finished = wallsMs.filter((wall): wall is number => wall !== undefined).sort((a, b) => a - b);
  return {
    engine: name,
    runsPlanned: wallsMs.length,
    runsFinished: finished.length,
    wallsMs,
    medianWallMs: finished[Math.floor(finished.length / 2)],
    phaseMediansMs: {},
    phasePeakRssBytes: {},
    pages: [10],
    medianPdfBytes: pdfBytes,
  };
};

describe('bench targets: the tagged book against the untagged one', () => {
  it('pairs run k of one engine with run k of the other, leaving out runs either did not finish', () => {
    const tagged = engine('native', [12_000, undefined, 30_000], 11);
    const untagged = engine('native-untagged', [10_000, 9_000, 20_000], 10);
    assert.deepEqual(pairedRatios(tagged, untagged), [1.2, 1.5]);
  });

  it('judges the median of the pairs, so drift that slows both engines of a pair does not count', () => {
    // The machine slowed down from run 2: the medians alone (20 s / 12 s = ×1.67) would fail.
    const tagged = engine('native', [12_000, 20_000, 28_000], 109);
    const untagged = engine('native-untagged', [10_000, 18_000, 12_000], 100);
    const outcome = taggingTarget(evaluateTargets(7, [tagged, untagged]));
    assert.equal(outcome?.status, 'PASS');
    assert.match(outcome!.detail, /time ×1\.20 \(median of 1\.20, 1\.11, 2\.33; medians 20\.0 s \/ 12\.0 s = ×1\.67\)/);
    assert.match(outcome!.detail, /size ×1\.09/);
  });

  it('fails a book larger than ×1.3 even when it is as fast', () => {
    const outcome = taggingTarget(evaluateTargets(7, [engine('native', [10_000], 140), engine('native-untagged', [10_000], 100)]));
    assert.equal(outcome?.status, 'FAIL');
  });
});

describe('bench targets: parallel printing', () => {
  it('compares the render phase with the default concurrency to RENDER_CONCURRENCY=1', () => {
    const withRender = (name: string, render: number) => ({...engine(name, [20_000], 10), phaseMediansMs: {render}});
    const judge = (parallel: number) =>
      evaluateTargets(7, [withRender('native', parallel), withRender('native-render-1', 25_000)]).find((outcome) =>
        outcome.target.startsWith('native render phase'),
      );
    assert.equal(judge(15_000)?.status, 'PASS');
    assert.match(judge(15_000)!.detail, /render ×0\.60 \(15\.0 s \/ 25\.0 s\)/);
    assert.equal(judge(17_300)?.status, 'FAIL');
  });
});

describe('bench targets: the example site against docs-to-pdf', () => {
  const speedUp = (outcomes: TargetOutcome[]) => outcomes.find((outcome) => outcome.target.startsWith('native speed-up'));

  it('passes a native median at least 12× faster than docs-to-pdf in the same run, with the figures', () => {
    const outcome = speedUp(evaluateTargets('example', [engine('native', [5_000], 10), engine('docs-to-pdf', [65_000], 10)]));
    assert.equal(outcome?.target, 'native speed-up ×(docs-to-pdf median / native median) ≥ 12');
    assert.equal(outcome?.status, 'PASS');
    assert.equal(outcome?.detail, '×13.0 (docs-to-pdf 65.0 s / native 5.0 s)');
    assert.match(formatTargets([outcome!]), /^ {2}PASS {2}example site: native speed-up .* ≥ 12: ×13\.0 /);
  });

  it('fails ×10.8 there, which would pass at 100 docs, and skips without docs-to-pdf', () => {
    const [native, docsToPdf] = [engine('native', [6_000], 10), engine('docs-to-pdf', [65_000], 10)];
    assert.equal(speedUp(evaluateTargets('example', [native, docsToPdf]))?.status, 'FAIL');
    assert.equal(speedUp(evaluateTargets(100, [native, docsToPdf]))?.status, 'PASS');
    assert.equal(speedUp(evaluateTargets('example', [native]))?.status, 'SKIP');
  });

  it("is the example site's own: 100 docs keep ×10, and the example site gets none of their other targets", () => {
    const summaries = [engine('native', [5_000], 10), engine('docs-to-pdf', [65_000], 10)];
    const targets = (size: SiteSize) => evaluateTargets(size, summaries).map((outcome) => outcome.target);
    assert.deepEqual(targets('example'), ['native speed-up ×(docs-to-pdf median / native median) ≥ 12']);
    assert.ok(targets(100).includes('native speed-up ×(docs-to-pdf median / native median) ≥ 10'));
    assert.ok(!targets(100).some((target) => target.endsWith('≥ 12')));
  });
});
