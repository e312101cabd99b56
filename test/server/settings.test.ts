import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {USAGE} from '../../server/cli-usage';
import {SETTINGS, readSetting, settingNames} from '../../server/settings';

const MANUAL = readFileSync(path.join(__dirname, '..', '..', 'docs', 'configuration.md'), 'utf8');

/** The variables the manual's "Server configuration" table lists, from the backticked names of its first column. */
function manualTableNames(): string[] {
  const section = MANUAL.split('\n## Server configuration\n')[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]!));
}

describe('environment settings', () => {
  it('are each in the table of docs/configuration.md, which lists no other', () => {
    assert.deepEqual(manualTableNames().sort(), settingNames().sort());
  });

  it('are each in the usage text with their default', () => {
    for (const setting of SETTINGS) {
      const line = USAGE.split('\n').find((candidate) => candidate.trimStart().startsWith(`${setting.name} `));
      assert.ok(line, `${setting.name} is missing from the usage text`);
      assert.ok(line.includes(`(default: ${setting.shown})`), line);
      if (setting.alias) assert.ok(line.includes(setting.alias), line);
    }
  });

  it('read one at a time where they are used, ignoring a value the start-up check refuses', () => {
    assert.equal(readSetting('CHROMIUM_NO_SANDBOX', {CHROMIUM_NO_SANDBOX: 'Yes'}), true);
    assert.equal(readSetting('CHROMIUM_NO_SANDBOX', {CHROMIUM_NO_SANDBOX: 'maybe'}), undefined);
    assert.equal(readSetting('EVENT_STREAMS_MAX', {}), 1000);
  });
});
