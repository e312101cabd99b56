import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {defaultOutlineVersion, startPathOf} from '../../contracts/outline';
import {buildDocsOutline} from '../../plugin/docs-outline';

type Version = LoadedContent['loadedVersions'][number];

const DOCS = [
  {id: 'intro', title: 'Introduction', permalink: '/docs/intro', frontMatter: {}, source: '@site/docs/intro.md'},
  {id: 'guides/overview', title: 'Guides overview', permalink: '/docs/guides/overview', frontMatter: {sidebar_label: 'Overview'}},
  {id: 'guides/setup', title: 'Setting up', permalink: '/docs/guides/setup', frontMatter: {}},
  {id: 'orphan', title: 'Not in a sidebar', permalink: '/docs/orphan', frontMatter: {}},
  // Titles from the first heading keep its Markdown escapes (TypeDoc); one from front matter is as written.
  {id: 'api/job', title: 'Interface: Job\\<Data\\>', permalink: '/docs/api/job', frontMatter: {}},
  {id: 'api/raw', title: 'C:\\Temp \\<dir\\>', permalink: '/docs/api/raw', frontMatter: {title: 'C:\\Temp \\<dir\\>'}},
];

function version(versionName: string, sidebars: unknown): Version {
  return {versionName, label: versionName, path: `/docs/${versionName}`, isLast: false, docs: DOCS, sidebars} as unknown as Version;
}

function outline(...versions: Version[]) {
  return buildDocsOutline('default', {loadedVersions: versions} as LoadedContent);
}

describe('buildDocsOutline', () => {
  it('mirrors the sidebar: categories with their pages, docs with titles and labels, links', () => {
    const [current] = outline(
      version('current', {
        main: [
          {type: 'doc', id: 'intro'},
          {
            type: 'category',
            label: 'Guides',
            link: {type: 'doc', id: 'guides/overview'},
            items: [
              {type: 'doc', id: 'guides/setup', label: 'Setup'},
              {type: 'link', label: 'Elsewhere', href: 'https://example.com'},
              {type: 'html', value: '<hr>'},
            ],
          },
          {
            type: 'category',
            label: 'Index',
            link: {type: 'generated-index', permalink: '/docs/category/index', title: 'All of it'},
            items: [],
          },
        ],
      }),
    ).versions;
    assert.deepEqual(current!.sidebars.main, [
      {
        type: 'doc',
        id: 'intro',
        label: 'Introduction',
        title: 'Introduction',
        permalink: '/docs/intro',
        mermaidDiagrams: 0,
        rendersInBrowser: true,
        components: undefined,
      },
      {
        type: 'category',
        label: 'Guides',
        page: {
          title: 'Guides overview',
          permalink: '/docs/guides/overview',
          docId: 'guides/overview',
          mermaidDiagrams: 0,
          rendersInBrowser: true,
          components: undefined,
        },
        items: [
          {
            type: 'doc',
            id: 'guides/setup',
            label: 'Setup',
            title: 'Setting up',
            permalink: '/docs/guides/setup',
            mermaidDiagrams: 0,
            rendersInBrowser: true,
            components: undefined,
          },
          {type: 'link', label: 'Elsewhere', href: 'https://example.com'},
        ],
      },
      {
        type: 'category',
        label: 'Index',
        page: {title: 'All of it', permalink: '/docs/category/index', rendersInBrowser: false, components: ['generated-index']},
        items: [],
      },
    ]);
    assert.deepEqual(
      current!.unlisted.map((doc) => doc.id),
      ['orphan', 'api/job', 'api/raw'],
    );
  });

  it('reads a title taken from the first heading without its Markdown escapes, and one from front matter as written', () => {
    const [current] = outline(version('current', {main: []})).versions;
    const titles = Object.fromEntries(current!.unlisted.map((doc) => [doc.id, [doc.title, doc.label]]));
    assert.deepEqual(titles['api/job'], ['Interface: Job<Data>', 'Interface: Job<Data>']);
    assert.deepEqual(titles['api/raw'], ['C:\\Temp \\<dir\\>', 'C:\\Temp \\<dir\\>']);
  });
});

describe('doc sources', () => {
  it('reads each doc source through the reader it is given', () => {
    const reads: string[] = [];
    const [current] = buildDocsOutline(
      'default',
      {loadedVersions: [version('current', {main: [{type: 'doc', id: 'intro'}]})]} as LoadedContent,
      (source) => {
        reads.push(String(source));
        return '```mermaid\ngraph TD; A-->B\n```\n';
      },
    ).versions;
    assert.equal((current!.sidebars.main![0] as {mermaidDiagrams: number}).mermaidDiagrams, 1);
    assert.equal((current!.sidebars.main![0] as {rendersInBrowser: boolean}).rendersInBrowser, true);
    assert.deepEqual((current!.sidebars.main![0] as {components: string[]}).components, []);
    assert.ok(reads.includes('@site/docs/intro.md'), reads.join());
  });
});

describe('startPathOf', () => {
  it('starts at the first doc of the first sidebar', () => {
    const current = outline(
      version('current', {
        main: [
          {type: 'doc', id: 'guides/setup'},
          {type: 'doc', id: 'intro'},
        ],
      }),
    ).versions[0]!;
    assert.equal(startPathOf(current), '/docs/guides/setup');
  });

  it('starts at a category page before its items, and inside categories without one', () => {
    const indexed = outline(
      version('current', {
        main: [
          {type: 'link', href: 'https://example.com', label: 'Home'},
          {
            type: 'category',
            label: 'G',
            link: {type: 'generated-index', permalink: '/docs/category/g'},
            items: [{type: 'doc', id: 'intro'}],
          },
        ],
      }),
    ).versions[0]!;
    assert.equal(startPathOf(indexed), '/docs/category/g');
    const nested = outline(version('current', {main: [{type: 'category', label: 'G', items: [{type: 'doc', id: 'intro'}]}]})).versions[0]!;
    assert.equal(startPathOf(nested), '/docs/intro');
  });

  it('falls back to the first unlisted doc, then to the version root', () => {
    assert.equal(startPathOf(outline(version('current', {})).versions[0]!), '/docs/intro');
    const empty = buildDocsOutline('default', {loadedVersions: [{...version('current', {}), docs: []}]} as unknown as LoadedContent);
    assert.equal(startPathOf(empty.versions[0]!), '/docs/current');
  });
});

describe('defaultOutlineVersion', () => {
  it('is the lastVersion, the one the docs root shows, even when current is listed first', () => {
    const last = {...version('2.0', {}), isLast: true} as Version;
    assert.equal(defaultOutlineVersion(outline(version('current', {}), last))?.name, '2.0');
  });

  it('is the current version when none is marked last, even when another is listed first', () => {
    assert.equal(defaultOutlineVersion(outline(version('2.0', {}), version('current', {})))?.name, 'current');
  });

  it('is the first version when there is no current one, and nothing without versions', () => {
    assert.equal(defaultOutlineVersion(outline(version('2.0', {}), version('1.0', {})))?.name, '2.0');
    assert.equal(defaultOutlineVersion(outline()), undefined);
  });
});
