import assert from 'node:assert/strict';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import {CHECK_IDS} from '../../../scripts/check-book/check-types';
import {THRESHOLDS} from '../../../scripts/check-book/thresholds';

const README = path.join(__dirname, '../../../scripts/check-book/README.md');

describe("check:book's README", () => {
  it('describes every check, in the order they run, and no other', async () => {
    const readme = await readFile(README, 'utf8');
    const rows = [...readme.matchAll(/^\| ([a-z]+) \| /gm)].map((match) => match[1]);
    assert.deepEqual(rows, [...CHECK_IDS]);
  });

  it('quotes the prose coverage the checker asks for', async () => {
    const readme = await readFile(README, 'utf8');
    const percent = `${(THRESHOLDS.proseCoverage * 100).toFixed(1)} %`;
    assert.match(readme, new RegExp(`prose ≥ ${percent.replace('.', '\\.')}`));
    assert.match(readme, new RegExp(`coverage ≥ ${percent.replace('.', '\\.')}`));
  });
});
