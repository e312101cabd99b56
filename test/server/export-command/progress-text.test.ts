import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {
  describeStep,
  failureLines,
  formatDuration,
  plainProgressLine,
  progressBarLine,
  startText,
  summaryLine,
} from '../../../server/export-command/progress-text';

describe('progress text', () => {
  it('names the unit of the steps it counts', () => {
    assert.equal(describeStep({phase: 'capture', done: 40, total: 120}), 'capture 40/120 pages');
    assert.equal(describeStep({phase: 'render', done: 1, total: 4}), 'render 1/4 parts');
    assert.equal(describeStep({phase: 'assemble'}), 'assemble');
    assert.equal(describeStep({phase: 'write'}), 'write');
    assert.equal(describeStep({phase: 'queued', queuePosition: 2}), 'queued (2 ahead)');
  });

  it('says what is exported, with which engine, to which file', () => {
    const fields = {locale: 'fr', docsPluginId: 'default', version: 'current', siteDir: '/site', engine: 'native', path: '/out/book.pdf'};
    assert.equal(startText(fields), 'Exporting fr/current of /site with the native engine to /out/book.pdf');
    const doc = {kind: 'doc', doc: {id: 'intro'}, startPath: '/fr/docs/intro'} as never;
    assert.equal(startText({...fields, subset: doc}), 'Exporting fr/current (doc intro) of /site with the native engine to /out/book.pdf');
    const category = {kind: 'category', category: {label: 'Guides'}, startPath: '/docs/guides'} as never;
    assert.match(startText({...fields, subset: category}), /^Exporting fr\/current \(category Guides\) of/);
    assert.match(startText({...fields, docsPluginId: 'sdk', version: '1.0'}), /^Exporting fr\/sdk\/1\.0 of/);
  });

  it('writes one plain line a log can keep', () => {
    assert.equal(plainProgressLine({phase: 'capture', done: 40, total: 120, percent: 34}), '[export-pdf] capture 40/120 pages (34%)');
    assert.equal(plainProgressLine({phase: 'discover', percent: 1}), '[export-pdf] discover (1%)');
  });

  it('draws a bar as wide as the percentage, with the step and the time', () => {
    const line = progressBarLine({phase: 'render', done: 2, total: 4, percent: 50}, 3100, 200);
    assert.equal(line, `[export-pdf] ${'█'.repeat(12)}${'░'.repeat(12)}  50% render 2/4 parts · 3.1 s`);
    assert.match(progressBarLine({phase: 'write', percent: 99}, 0, 200), / 99% write/);
  });

  it('cuts the bar to the terminal width, so redrawing in place never wraps', () => {
    const line = progressBarLine({phase: 'capture', done: 1, total: 2, percent: 10}, 0, 30);
    assert.equal(line.length, 29);
  });

  it('says minutes for long exports', () => {
    assert.equal(formatDuration(5240), '5.2 s');
    assert.equal(formatDuration(125_000), '2 min 05 s');
  });

  it('sums up the file with its size, pages and time', () => {
    assert.equal(
      summaryLine({path: '/site/build/handbook.pdf', fileSize: 1_543_324, pages: 44, elapsedMs: 6100}),
      '[export-pdf] Wrote /site/build/handbook.pdf (1.47 MB, 44 pages) in 6.1 s',
    );
    assert.equal(
      summaryLine({path: '/a.pdf', fileSize: 1024, pages: 1, elapsedMs: 900}),
      '[export-pdf] Wrote /a.pdf (0.00 MB, 1 page) in 0.9 s',
    );
    assert.equal(summaryLine({path: '/a.pdf', fileSize: 1024, elapsedMs: 900}), '[export-pdf] Wrote /a.pdf (0.00 MB) in 0.9 s');
  });

  it('puts the detail of a failure on a line of its own', () => {
    assert.deepEqual(failureLines({message: 'Unknown locale "xx"', detail: 'This site has: en, fr.'}), [
      '[export-pdf] Error: Unknown locale "xx"',
      '[export-pdf] This site has: en, fr.',
    ]);
    assert.deepEqual(failureLines({message: 'Stopped'}), ['[export-pdf] Error: Stopped']);
  });
});
