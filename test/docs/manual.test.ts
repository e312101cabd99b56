import assert from 'node:assert/strict';
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {anchors, isExternal, linkTargets, slug} from '../helpers/markdown-links';

const ROOT = path.join(__dirname, '..', '..');
const FILES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the README and the manual in docs/', () => {
  it('keeps the README to at most 250 lines', () => {
    const lines = read('README.md').split('\n').length - 1;
    assert.ok(lines <= 250, `README.md has ${lines} lines`);
  });

  it('has a manual index that links every page of docs/', () => {
    const index = new Set(linkTargets(read('docs/README.md')).map((target) => target.split('#')[0]));
    for (const file of FILES.filter((name) => name.startsWith('docs/') && name !== 'docs/README.md')) {
      assert.ok(index.has(path.basename(file)), `docs/README.md links ${file}`);
    }
  });

  for (const file of FILES) {
    it(`${file}: every relative link opens a file, and every #anchor a heading of it`, () => {
      const problems: string[] = [];
      for (const target of linkTargets(read(file)).filter((candidate) => !isExternal(candidate))) {
        const [pathPart, anchor] = target.split('#') as [string, string | undefined];
        const linked = pathPart ? path.join(path.dirname(file), decodeURI(pathPart)) : file;
        if (!existsSync(path.join(ROOT, linked))) {
          problems.push(`${target}: no file ${linked}`);
          continue;
        }
        if (anchor === undefined) continue;
        if (!linked.endsWith('.md') || statSync(path.join(ROOT, linked)).isDirectory()) {
          problems.push(`${target}: an anchor into a file that is not Markdown`);
        } else if (!anchors(read(linked)).has(anchor)) {
          problems.push(`${target}: ${linked} has no heading #${anchor}`);
        }
      }
      assert.deepEqual(problems, []);
    });
  }
});

describe('heading anchors, as GitHub makes them', () => {
  it('drop punctuation but hyphens, and turn spaces into hyphens', () => {
    assert.equal(slug('`GET /health` (HEAD too)'), 'get-health-head-too');
    assert.equal(slug('Re-exports: print only what changed'), 're-exports-print-only-what-changed');
    assert.equal(
      slug('What the interface document leaves open, and what we chose'),
      'what-the-interface-document-leaves-open-and-what-we-chose',
    );
  });

  it('number a repeated heading -1, -2, and skip lines in code blocks', () => {
    const markdown = ['# Setup', '```yaml', '# Setup', '```', '## Setup', '### Setup'].join('\n');
    assert.deepEqual([...anchors(markdown)], ['setup', 'setup-1', 'setup-2']);
  });

  it('find links and images, but not those in code', () => {
    const markdown = ['[a](a.md#x) ![b](b.png) `[c](c.md)` <img alt="d" src="d.png">', '```', '[e](e.md)', '```'].join('\n');
    assert.deepEqual(linkTargets(markdown), ['a.md#x', 'b.png', 'd.png']);
  });
});
