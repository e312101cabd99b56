import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {renderConcurrency} from '../../../../../server/export/native/engine';
import {partKey, type PartSettings} from '../../../../../server/export/native/print-cache/part-key';

const settings: PartSettings = {
  origin: 'http://127.0.0.1:3000',
  pdf: {format: 'A4', tagged: true},
  box: {width: 700, height: 1000},
  marginTop: 40,
  links: {chapterKeys: {'/docs/a': 'a', '/docs/b': 'b'}, knownIds: new Set(['b--setup']), publicOrigin: 'https://example.com'},
  chromium: 'Chrome/130',
  fonts: 'fonts-1',
};
const html =
  '<p><a href="x" data-export-path="/docs/b/" data-export-hash="setup">b</a> <a data-export-path="/blog/&amp;x" data-export-hash="">blog</a></p>';

describe('partKey', () => {
  it("depends on the part's HTML, its print settings, Chromium, and where its own links go", () => {
    const key = partKey(html, settings);
    assert.match(key, /^[0-9a-f]{64}$/);
    assert.equal(partKey(html, {...settings}), key);
    assert.notEqual(partKey(`${html}<p>added</p>`, settings), key);
    assert.notEqual(partKey(html, {...settings, chromium: 'Chrome/131'}), key);
    assert.notEqual(partKey(html, {...settings, fonts: 'fonts-2'}), key);
    assert.notEqual(partKey(html, {...settings, pdf: {...settings.pdf, tagged: false}}), key);
    const headingGone = {...settings.links, knownIds: new Set<string>()};
    assert.notEqual(partKey(html, {...settings, links: headingGone}), key, 'its link now opens the chapter, not the heading');
    const elsewhere = {
      ...settings.links,
      chapterKeys: {...settings.links.chapterKeys, '/docs/c': 'c'},
      knownIds: new Set(['b--setup', 'c--new']),
    };
    assert.equal(partKey(html, {...settings, links: elsewhere}), key, 'a chapter and a heading added elsewhere');
  });

  it('is the same for the same build served on another port', () => {
    const styled = (origin: string) =>
      `<link rel="stylesheet" href="${origin}/assets/css/styles.css">${html}<img src="${origin}/img/a.png">`;
    const onPort = (port: number) => partKey(styled(`http://127.0.0.1:${port}`), {...settings, origin: `http://127.0.0.1:${port}`});
    assert.equal(onPort(41234), onPort(3000));
    assert.notEqual(partKey(styled('http://127.0.0.1:3000').replace('a.png', 'b.png'), settings), onPort(3000));
  });
});

describe('renderConcurrency', () => {
  it('is one tab per core, as many as 600 MB each of free memory allow, at least one', () => {
    const gib = 1024 ** 3;
    assert.equal(renderConcurrency(2, 16 * gib), 2);
    assert.equal(renderConcurrency(8, 2 * gib), 3);
    assert.equal(renderConcurrency(4, 0.2 * gib), 1);
  });
});
