import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {findStartPath} from '../../plugin/manifest';

type Version = LoadedContent['loadedVersions'][number];

function version(partial: Partial<Version> & Pick<Version, 'versionName' | 'sidebars'>): Version {
  return {
    path: `/docs/${partial.versionName}`,
    docs: [
      {id: 'intro', permalink: '/docs/intro'},
      {id: 'guides/overview', permalink: '/docs/guides/overview'},
      {id: 'guides/setup', permalink: '/docs/guides/setup'},
    ],
    ...partial,
  } as unknown as Version;
}

function content(...versions: Version[]): LoadedContent {
  return {loadedVersions: versions} as LoadedContent;
}

describe('findStartPath', () => {
  it('starts at the first doc of the first sidebar', () => {
    const current = version({
      versionName: 'current',
      sidebars: {main: [{type: 'doc', id: 'guides/setup'}, {type: 'doc', id: 'intro'}]} as never,
    });
    assert.equal(findStartPath(content(current)), '/docs/guides/setup');
  });

  it('starts at a category generated index before its items', () => {
    const current = version({
      versionName: 'current',
      sidebars: {
        main: [
          {type: 'link', href: 'https://example.com', label: 'Home'},
          {
            type: 'category',
            label: 'Guides',
            link: {type: 'generated-index', permalink: '/docs/category/guides'},
            items: [{type: 'doc', id: 'guides/setup'}],
          },
        ],
      } as never,
    });
    assert.equal(findStartPath(content(current)), '/docs/category/guides');
  });

  it('starts at a category doc link, and inside categories without one', () => {
    const linked = version({
      versionName: 'current',
      sidebars: {
        main: [
          {type: 'category', label: 'G', link: {type: 'doc', id: 'guides/overview'}, items: []},
        ],
      } as never,
    });
    assert.equal(findStartPath(content(linked)), '/docs/guides/overview');
    const nested = version({
      versionName: 'current',
      sidebars: {
        main: [
          {type: 'html', value: '<hr>'},
          {type: 'category', label: 'G', items: [{type: 'doc', id: 'intro'}]},
        ],
      } as never,
    });
    assert.equal(findStartPath(content(nested)), '/docs/intro');
  });

  it('uses the current version even when another version is listed first', () => {
    const stable = version({versionName: '2.0', sidebars: {main: [{type: 'doc', id: 'intro'}]} as never});
    const current = version({
      versionName: 'current',
      sidebars: {main: [{type: 'doc', id: 'guides/setup'}]} as never,
    });
    assert.equal(findStartPath(content(stable, current)), '/docs/guides/setup');
  });

  it('falls back to the first doc when there is no sidebar', () => {
    assert.equal(findStartPath(content(version({versionName: 'current', sidebars: {}}))), '/docs/intro');
  });

  it('finds nothing without docs versions', () => {
    assert.equal(findStartPath(content()), undefined);
  });
});
