import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {OutlineDoc, OutlineVersion} from '../../../contracts/outline';
import {findSubset, planBook, sidebarTitle} from '../../../server/export/book-plan';

const doc = (id: string, mermaidDiagrams = 0): OutlineDoc => ({
  type: 'doc',
  id,
  label: `Label ${id}`,
  title: `Title ${id}`,
  permalink: `/docs/${id}`,
  mermaidDiagrams,
  rendersInBrowser: mermaidDiagrams > 0,
});

const VERSION: OutlineVersion = {
  name: 'current',
  label: 'Next',
  path: '/docs',
  isLast: true,
  sidebars: {
    main: [
      doc('intro'),
      {
        type: 'category',
        label: 'Guides',
        page: {title: 'Guides overview', permalink: '/docs/guides', docId: 'guides/index', mermaidDiagrams: 1},
        items: [doc('guides/a', 2), {type: 'link', label: 'Elsewhere', href: 'https://example.com'}, doc('guides/b')],
      },
      {type: 'category', label: 'No page', items: [doc('loose/one'), {type: 'category', label: 'Deep', items: [doc('loose/deep')]}]},
      {type: 'category', label: 'Generated', page: {title: 'All of it', permalink: '/docs/category/all'}, items: []},
      {type: 'category', label: 'Empty', items: []},
    ],
    second: [doc('intro'), doc('extra')],
  },
  unlisted: [doc('orphan')],
};

describe('planBook', () => {
  const plan = planBook(VERSION);

  it('lists every page of every sidebar once, in sidebar order, category pages before their items', () => {
    assert.deepEqual(
      plan.chapters.map((chapter) => chapter.key),
      ['intro', 'guides/index', 'guides/a', 'guides/b', 'loose/one', 'loose/deep', 'index:/docs/category/all', 'extra'],
    );
    const guides = plan.chapters.find((chapter) => chapter.key === 'guides/index')!;
    assert.deepEqual(guides, {
      key: 'guides/index',
      title: 'Guides overview',
      permalink: '/docs/guides',
      mermaidDiagrams: 1,
      rendersInBrowser: true,
      kind: undefined,
    });
    assert.equal(plan.chapters.find((chapter) => chapter.key === 'guides/a')!.mermaidDiagrams, 2);
    assert.equal(plan.chapters.find((chapter) => chapter.key === 'guides/b')!.rendersInBrowser, false);
  });

  it('gives each page the kind of what it is made of, and none to a page of unknown make', () => {
    const made = planBook({
      ...VERSION,
      sidebars: {main: [{...doc('tabs'), components: ['@theme/Tabs', '<Tabs>']}, {...doc('plain'), components: []}, doc('unknown')]},
      unlisted: [],
    });
    assert.deepEqual(
      made.chapters.map((chapter) => chapter.kind),
      ['@theme/Tabs <Tabs>', '', undefined],
    );
  });

  it('takes a page of a manifest without rendersInBrowser (an older plugin) as rendering in the browser', () => {
    const old = {...doc('old'), rendersInBrowser: undefined} as unknown as OutlineDoc;
    const [chapter] = planBook({...VERSION, sidebars: {main: [old]}}).chapters;
    assert.equal(chapter!.rendersInBrowser, true);
  });

  it('mirrors the sidebar with labels; a category without a page opens its first doc; links and empty categories go', () => {
    const shape = (nodes: typeof plan.nodes): unknown => nodes.map((node) => [node.title, node.chapterKey, shape(node.children)]);
    assert.deepEqual(shape(planBook(VERSION, undefined, {disableParts: true}).nodes), [
      ['Label intro', 'intro', []],
      [
        'Guides',
        'guides/index',
        [
          ['Label guides/a', 'guides/a', []],
          ['Label guides/b', 'guides/b', []],
        ],
      ],
      [
        'No page',
        'loose/one',
        [
          ['Label loose/one', 'loose/one', []],
          ['Deep', 'loose/deep', [['Label loose/deep', 'loose/deep', []]]],
        ],
      ],
      ['Generated', 'index:/docs/category/all', []],
      ['Label intro', 'intro', []],
      ['Label extra', 'extra', []],
    ]);
  });

  it('opens a part page for each top-level category without a page and each sidebar after the first', () => {
    const without = planBook(VERSION, undefined, {disableParts: true}).nodes;
    // The tree without parts, but "No page" opens its part page, and the second sidebar's entries go under its own.
    assert.deepEqual(plan.nodes, [
      ...without.slice(0, 2),
      {...without[2]!, partKey: 'part:loose/one'},
      without[3],
      {title: 'Second', chapterKey: 'extra', partKey: 'part:extra', children: without.slice(4)},
    ]);
    // Each prints before the first chapter it adds: the second sidebar's intro printed earlier.
    assert.deepEqual(plan.parts, [
      {key: 'part:loose/one', title: 'No page', chapterKey: 'loose/one'},
      {key: 'part:extra', title: 'Second', chapterKey: 'extra'},
    ]);
    assert.deepEqual(
      plan.chapters.map((chapter) => chapter.key),
      planBook(VERSION, undefined, {disableParts: true}).chapters.map((chapter) => chapter.key),
    );
  });

  it('titles a sidebar part with its navbar label, else its name in words; one page for a sidebar and its first category of one title; none for a sidebar of earlier chapters', () => {
    const labelled = planBook({...VERSION, sidebarLabels: {second: 'API reference'}});
    assert.equal(labelled.parts[1]!.title, 'API reference');
    assert.equal(sidebarTitle(VERSION, 'apiSidebar'), 'Api');
    assert.equal(sidebarTitle(VERSION, 'guides_sidebar'), 'Guides');
    assert.equal(sidebarTitle(VERSION, 'sidebar'), 'Sidebar');
    assert.equal(sidebarTitle(VERSION, 'tutorialSidebar'), 'Tutorial');
    const nested = planBook({...VERSION, sidebars: {main: [doc('intro')], api: [{type: 'category', label: 'Pets', items: [doc('pets')]}]}});
    assert.deepEqual(nested.parts, [
      {key: 'part:pets~2', title: 'Api', chapterKey: 'pets'},
      {key: 'part:pets', title: 'Pets', chapterKey: 'pets'},
    ]);
    const same = planBook({
      ...VERSION,
      sidebars: {main: [doc('intro')], api: [{type: 'category', label: 'APIs', items: [doc('pets')]}]},
      sidebarLabels: {api: 'APIs'},
    });
    assert.deepEqual(same.parts, [{key: 'part:pets~2', title: 'APIs', chapterKey: 'pets'}]);
    assert.deepEqual(
      same.nodes[1]!.children.map((node) => node.partKey),
      ['part:pets~2'],
    );
    const repeated = planBook({...VERSION, sidebars: {main: [doc('intro')], again: [doc('intro')]}});
    assert.deepEqual(repeated.parts, []);
    assert.deepEqual(
      repeated.nodes.map((node) => [node.title, node.chapterKey, node.partKey]),
      [
        ['Label intro', 'intro', undefined],
        ['Label intro', 'intro', undefined],
      ],
    );
  });

  it('prints no part page in a book of one category or one doc', () => {
    assert.deepEqual(planBook(VERSION, findSubset(VERSION, {category: 'No page'})!).parts, []);
    assert.deepEqual(planBook(VERSION, findSubset(VERSION, {doc: 'extra'})!).parts, []);
  });

  it('narrows to one category or one doc', () => {
    const guides = planBook(VERSION, findSubset(VERSION, {category: 'Guides'})!);
    assert.deepEqual(
      guides.chapters.map((chapter) => chapter.key),
      ['guides/index', 'guides/a', 'guides/b'],
    );
    const deep = planBook(VERSION, findSubset(VERSION, {category: 'Deep'})!);
    assert.deepEqual(
      deep.chapters.map((chapter) => chapter.key),
      ['loose/deep'],
    );
    const one = planBook(VERSION, findSubset(VERSION, {doc: 'guides/b'})!);
    assert.deepEqual(
      one.chapters.map((chapter) => chapter.key),
      ['guides/b'],
    );
    const orphan = planBook(VERSION, findSubset(VERSION, {doc: 'orphan'})!);
    assert.deepEqual(
      orphan.chapters.map((chapter) => chapter.key),
      ['orphan'],
    );
  });

  it('falls back to the unlisted docs of a version without sidebars', () => {
    const bare = planBook({...VERSION, sidebars: {}});
    assert.deepEqual(
      bare.chapters.map((chapter) => chapter.key),
      ['orphan'],
    );
  });
});

describe('findSubset', () => {
  it('says undefined when nothing is asked, null when the category or doc is unknown', () => {
    assert.equal(findSubset(VERSION, {}), undefined);
    assert.equal(findSubset(VERSION, {category: 'Nope'}), null);
    assert.equal(findSubset(VERSION, {category: 'Empty'}), null, 'a category with nothing to export');
    assert.equal(findSubset(VERSION, {doc: 'nope'}), null);
  });

  it('starts a category at its own page, else at its first doc', () => {
    assert.equal(findSubset(VERSION, {category: 'Guides'})?.startPath, '/docs/guides');
    assert.equal(findSubset(VERSION, {category: 'No page'})?.startPath, '/docs/loose/one');
  });
});
