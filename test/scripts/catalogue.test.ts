import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import {CHECK_IDS} from '../../scripts/check-book/check-types';

const ROOT = path.join(__dirname, '../..');

/** The catalogue's table rows, each as its cells. */
async function rows(): Promise<string[][]> {
  const text = await readFile(path.join(ROOT, 'docs/catalogue.md'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Component') && !line.startsWith('|---'))
    .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |\|$/g, '').trim()));
}

const quoted = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe('the component catalogue (docs/catalogue.md)', () => {
  it('names fixtures that exist in the example site', async () => {
    for (const cells of await rows()) {
      for (const file of quoted(cells[3]!).filter((name) => /\.mdx?$/.test(name))) {
        assert.ok(existsSync(path.join(ROOT, 'example-site/docs', file)), `${cells[0]}: fixture ${file}`);
      }
    }
  });

  it('names checks check:book has and tests that exist', async () => {
    const checks = new Set<string>(CHECK_IDS);
    for (const cells of await rows()) {
      for (const name of quoted(cells[4]!)) {
        if (name.includes('/')) assert.ok(existsSync(path.join(ROOT, name)), `${cells[0]}: test ${name}`);
        else assert.ok(checks.has(name), `${cells[0]}: check ${name}`);
      }
    }
  });
});
