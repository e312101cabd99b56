import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {tocBody, tocRows, type TocEntry} from '../../../../../server/export/native/assemble/book-html';

const heading = (target: string): TocEntry => ({title: `Heading ${target}`, target, kind: 'heading', children: []});
const doc = (target: string, headings: string[]): TocEntry => ({
  title: `Doc ${target}`,
  target,
  kind: 'doc',
  children: headings.map(heading),
});
const entries: TocEntry[] = [
  {title: 'Guides', target: 'guides', kind: 'category', children: [doc('a', ['a1', 'a2']), doc('b', ['b1'])]},
  {title: 'Reference', target: 'reference', kind: 'category', children: [doc('c', [])]},
];
const marker = 'https://x.invalid/dest/';
const body = (rows?: {from: number; to: number}) => tocBody('Contents', entries, () => undefined, marker, String, rows);
const links = (html: string) => [...html.matchAll(/href="https:\/\/x\.invalid\/dest\/([^"]+)"/g)].map((match) => match[1]);

describe('tocBody', () => {
  it('lists the rows in the order tocRows gives them', () => {
    const rows = tocRows(entries);
    assert.deepEqual(
      rows.map((row) => row.target),
      ['guides', 'a', 'a1', 'a2', 'b', 'b1', 'reference', 'c'],
    );
    assert.deepEqual(
      links(body()),
      rows.map((row) => row.target),
    );
    assert.equal(rows[3]!.kind, 'heading');
  });

  it('prints the whole TOC when given all its rows, as without rows', () => {
    assert.equal(body({from: 0, to: 8}), body());
    assert.match(body(), /^<nav class="export-pdf-toc"><h1>Contents<\/h1><ol><li class="export-pdf-category">/);
  });

  it('prints a stretch of rows without the title, inside bare items of the entries they belong to', () => {
    const piece = body({from: 3, to: 7});
    assert.deepEqual(links(piece), ['a2', 'b', 'b1', 'reference']);
    assert.doesNotMatch(piece, /<h1>/);
    // Guides and Doc a are there for the indent only: no link, no title, not kept with their headings.
    assert.match(
      piece,
      /^<nav class="export-pdf-toc"><ol><li class="export-pdf-category"><ol><li class="export-pdf-doc"><ol><li class="export-pdf-heading"><a class="export-pdf-first" href/,
    );
    assert.doesNotMatch(piece, /Doc a|Guides|Doc c/);
    // Doc b, printed with its heading, is kept with it.
    assert.match(piece, /<li class="export-pdf-doc export-pdf-keep"><a href="https:\/\/x\.invalid\/dest\/b"/);
    assert.equal(piece.match(/export-pdf-first/g)?.length, 1);
  });

  it('leaves out an entry none of whose rows are in the stretch', () => {
    const piece = body({from: 0, to: 2});
    assert.deepEqual(links(piece), ['guides', 'a']);
    assert.doesNotMatch(piece, /export-pdf-first|Reference|>Doc b</);
  });
});
