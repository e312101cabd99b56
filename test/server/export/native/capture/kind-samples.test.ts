import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Chapter} from '../../../../../server/export/book-plan';
import {byKind, kindName, lacksOfBuild} from '../../../../../server/export/native/capture/kind-samples';
import type {CapturedPage} from '../../../../../server/export/native/capture/page/capture-page';

const page = (html: string, needsBrowser?: string[]): CapturedPage => ({
  html,
  headings: [],
  ids: [],
  targets: [],
  finalPath: '/docs/a',
  warnings: [],
  ...(needsBrowser ? {needsBrowser} : {}),
});

const chapter = (key: string, kind?: string): Chapter => ({
  key,
  title: key,
  permalink: `/docs/${key}`,
  mermaidDiagrams: 0,
  rendersInBrowser: false,
  kind,
});

describe('lacksOfBuild', () => {
  const prose = '<p>A queue holds jobs until a worker takes them, then keeps their results for a day.</p>';

  it('finds nothing when the built page holds what the rendered one shows, markup and a stray word aside', () => {
    assert.equal(lacksOfBuild(page(`<article>${prose}</article>`), page(`<article class="x">${prose}<span>3</span></article>`)), '');
  });

  it('names the words and the blocks only the rendered page has', () => {
    const drawn =
      '<table><tr><td>Retry</td><td>Waits</td></tr></table><pre><code>queue.add(job, {attempts: 5})</code></pre><p>Five attempts wait ten seconds in all.</p>';
    assert.equal(lacksOfBuild(page(prose), page(prose + drawn)), '12 words, 1 code block, 1 table');
  });

  it('passes on what the built page says it lacks', () => {
    assert.equal(lacksOfBuild(page(prose, ['2 placeholder(s) a script replaces']), page(prose)), '2 placeholder(s) a script replaces');
  });
});

describe('byKind', () => {
  it('groups pages by kind in book order and leaves out pages of no known kind', () => {
    const kinds = byKind([chapter('a', ''), chapter('b', '<Tabs>'), chapter('c'), chapter('d', '')]);
    assert.deepEqual(
      [...kinds].map(([kind, members]) => [kind, members.map((member) => member.key)]),
      [
        ['', ['a', 'd']],
        ['<Tabs>', ['b']],
      ],
    );
  });

  it('names a kind for the log, plain Markdown and long lists shortened', () => {
    assert.equal(kindName(''), 'plain Markdown');
    assert.equal(kindName('<A> <B> <C> <D> <E> <F>'), '<A> <B> <C> <D> and 2 more');
  });
});
