import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {parseOptions, runsFor, USAGE} from '../../../scripts/bench/options';

const parse = (...argv: string[]) => parseOptions(argv)!;

describe('bench options: sizes', () => {
  it('default to the example site first, then the generated sites of 100, 300 and 1,000 docs', () => {
    assert.deepEqual(parse().sizes, ['example', 100, 300, 1000]);
  });

  it('take the word "example" beside numbers of docs, in the order given, each once', () => {
    assert.deepEqual(parse('--sizes', 'example,100,300').sizes, ['example', 100, 300]);
    assert.deepEqual(parse('--sizes=300, example').sizes, [300, 'example']);
    assert.deepEqual(parse('--sizes', '100,example,0100,example').sizes, [100, 'example']);
  });

  it('reject any other word, zero and too many docs, naming what they take', () => {
    for (const sizes of ['examples', 'Example', '0', '100001', '1.5', '-3']) {
      assert.throws(() => parse('--sizes', sizes), /--sizes takes "example" or a number of docs from 1 to 100000, got "/, sizes);
    }
    assert.throws(() => parse('--sizes'), /--sizes takes a comma-separated list/);
  });

  it('are described in the usage text, the example site included', () => {
    assert.match(USAGE, /--sizes example,100,300,1000 .*"example" is the example site/s);
  });
});

describe('bench options: runs per engine', () => {
  it('give docs-to-pdf the normal runs on the example site and the slow runs from 300 docs', () => {
    const options = parse('--runs', '3', '--slow-runs', '1');
    assert.equal(runsFor(options, 'docs-to-pdf', 'example'), 3);
    assert.equal(runsFor(options, 'docs-to-pdf', 100), 3);
    assert.equal(runsFor(options, 'docs-to-pdf', 300), 1);
    assert.equal(runsFor(options, 'native', 300), 3);
  });
});

describe('bench options: the job-queue scenario', () => {
  it('is off by default', () => {
    assert.equal(parse().workers, undefined);
  });

  it('takes worker counts, each once, and measures the 300-doc site unless --sizes names others', () => {
    assert.deepEqual(parse('--workers', '1,2').workers, [1, 2]);
    assert.deepEqual(parse('--workers', '1,2').sizes, [300]);
    assert.deepEqual(parse('--workers=2,1,2', '--sizes', '100').sizes, [100]);
    assert.deepEqual(parse('--sizes=example', '--workers', '1').sizes, ['example']);
    assert.deepEqual(parse('--workers=2,1,2').workers, [2, 1]);
  });

  it('rejects counts that are not whole numbers from 1 to 16', () => {
    for (const count of ['0', '17', 'two', '1.5'])
      assert.throws(() => parse('--workers', count), /--workers takes a whole number from 1 to 16/);
  });

  it('is described in the usage text', () => {
    assert.match(USAGE, /--workers 1,2 +only the job-queue scenario: one API and that many workers.*6 exports queued at once/s);
  });
});
