import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {OutlineDoc, OutlineItem} from '../../contracts/outline';
import {navbarSidebarLabels} from '../../plugin/sidebar-labels';

const doc = (id: string): OutlineDoc => ({
  type: 'doc',
  id,
  label: id,
  title: id,
  permalink: `/docs/${id}`,
  mermaidDiagrams: 0,
  rendersInBrowser: false,
});

const SIDEBARS: Record<string, OutlineItem[]> = {
  guides: [doc('intro')],
  api: [{type: 'category', label: 'Endpoints', items: [doc('api/pets')]}],
  cli: [doc('cli/run')],
};

describe('navbarSidebarLabels', () => {
  it('names a sidebar by the navbar item that opens it, inside dropdowns too; the first item wins', () => {
    const themeConfig = {
      navbar: {
        items: [
          {type: 'docSidebar', sidebarId: 'guides', label: 'Guides'},
          {type: 'dropdown', label: 'More', items: [{type: 'doc', docId: 'api/pets', label: 'API'}]},
          {type: 'docSidebar', sidebarId: 'api', label: 'Second label'},
          {type: 'docSidebar', sidebarId: 'missing', label: 'Nowhere'},
          {to: '/blog', label: 'Blog'},
        ],
      },
    };
    assert.deepEqual(navbarSidebarLabels(themeConfig, 'default', SIDEBARS), {guides: 'Guides', api: 'API'});
  });

  it("passes over another docs instance's items, unlabelled items and a site without a navbar", () => {
    const themeConfig = {
      navbar: {
        items: [
          {type: 'docSidebar', docsPluginId: 'sdk', sidebarId: 'cli', label: 'SDK'},
          {type: 'doc', docId: 'cli/run'},
        ],
      },
    };
    assert.deepEqual(navbarSidebarLabels(themeConfig, 'default', SIDEBARS), {});
    assert.deepEqual(navbarSidebarLabels(themeConfig, 'sdk', SIDEBARS), {cli: 'SDK'});
    assert.deepEqual(navbarSidebarLabels(undefined, 'default', SIDEBARS), {});
  });
});
