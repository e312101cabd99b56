import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {linkKey, partHrefs, type BookLinks} from '../../../../../server/export/native/render/part-hrefs';
import {MARKER} from '../../../../../server/export/native/shared/markers';

const links: BookLinks = {
  chapterKeys: {'/docs/a': 'a', '/docs/b': 'b', '/docs/ü': 'u'},
  knownIds: new Set(['b--setup']),
  publicOrigin: 'https://example.com',
};

describe('partHrefs', () => {
  it('points a link at its heading, else its chapter, else the public site', () => {
    const html =
      '<p><a href="x" data-export-path="/docs/b/" data-export-hash="setup">heading</a>' +
      '<a data-export-path="/docs/b" data-export-hash="gone">chapter</a>' +
      '<a data-export-path="/docs/a/" data-export-hash="">chapter</a>' +
      '<a data-export-path="/blog/&amp;x" data-export-hash="top&amp;tail">site</a>' +
      '<a href="/plain">not marked</a></p>';
    assert.deepEqual(partHrefs(html, links), {
      [linkKey('/docs/b/', 'setup')]: `${MARKER}b--setup`,
      [linkKey('/docs/b', 'gone')]: `${MARKER}b`,
      [linkKey('/docs/a/', '')]: `${MARKER}a`,
      [linkKey('/blog/&x', 'top&tail')]: 'https://example.com/blog/&x#top%26tail',
    });
  });

  it('keeps the query of a link that leaves the book, each query its own entry', () => {
    const html =
      '<a data-export-path="/demos/retry.html" data-export-search="?theme=light&amp;v=2" data-export-hash="">light</a>' +
      '<a data-export-path="/demos/retry.html" data-export-search="?theme=dark" data-export-hash="">dark</a>' +
      '<a data-export-path="/docs/a" data-export-search="?tab=npm" data-export-hash="">chapter</a>';
    assert.deepEqual(partHrefs(html, links), {
      [linkKey('/demos/retry.html', '', '?theme=light&v=2')]: 'https://example.com/demos/retry.html?theme=light&v=2',
      [linkKey('/demos/retry.html', '', '?theme=dark')]: 'https://example.com/demos/retry.html?theme=dark',
      [linkKey('/docs/a', '', '?tab=npm')]: `${MARKER}a`,
    });
  });

  it('finds a chapter by its percent-encoded path, as the page reads the attribute', () => {
    assert.deepEqual(partHrefs('<a data-export-path="/docs/%C3%BC/" data-export-hash="">ü</a>', links), {
      [linkKey('/docs/%C3%BC/', '')]: `${MARKER}u`,
    });
  });

  it('finds a chapter by its path with `/index` or `.html`, which static hosts serve as the same page', () => {
    const html =
      '<a data-export-path="/docs/a/index" data-export-hash="">index</a><a data-export-path="/docs/b.html" data-export-hash="">html</a>';
    assert.deepEqual(partHrefs(html, links), {
      [linkKey('/docs/a/index', '')]: `${MARKER}a`,
      [linkKey('/docs/b.html', '')]: `${MARKER}b`,
    });
  });

  it('reads a tag whose other attributes hold ">", as an older Chromium writes them', () => {
    const html =
      '<a title="a > b" data-export-path="/docs/a" data-export-hash="">a</a><a title="x" data-export-path="/docs/b" data-export-hash="">b</a>';
    assert.deepEqual(Object.keys(partHrefs(html, links)), [linkKey('/docs/a', ''), linkKey('/docs/b', '')]);
  });
});
