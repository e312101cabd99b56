import assert from 'node:assert/strict';
import {access} from 'node:fs/promises';
import path from 'node:path';
import {describe, it} from 'node:test';
import type {OutlineItem} from '../../contracts/outline';
import {builtSite, readBuiltManifests} from '../../server/manifest';
import {SIDEBAR_DOC_IDS} from '../helpers/example-docs';
import {EXAMPLE_SITE} from '../helpers/server-process';

function flatten(items: OutlineItem[]): {id?: string; permalink: string}[] {
  return items.flatMap((item) => {
    if (item.type === 'doc') return [{id: item.id, permalink: item.permalink}];
    if (item.type === 'category') {
      const page = item.page ? [{id: item.page.docId, permalink: item.page.permalink}] : [];
      return [...page, ...flatten(item.items)];
    }
    return [];
  });
}

describe('export manifest of the built example site', () => {
  it('lists every doc of the current version in sidebar order, at pages the build has', async () => {
    const manifests = await readBuiltManifests(builtSite(EXAMPLE_SITE));
    const manifest = manifests.get('en')!;
    assert.equal(manifest.locale.default, 'en');
    const outline = manifest.docs.find((docs) => docs.pluginId === 'default')!;
    const current = outline.versions.find((version) => version.name === 'current')!;
    const pages = flatten(current.sidebars.docsSidebar!);
    assert.deepEqual(pages.map((page) => page.id).filter(Boolean), SIDEBAR_DOC_IDS);
    assert.deepEqual(current.unlisted, []);
    assert.equal(manifest.startPath, pages[0]!.permalink);
    for (const {permalink} of pages) {
      await access(path.join(manifest.outDir, permalink, 'index.html'));
    }
    const categories = current.sidebars.docsSidebar!.filter((item) => item.type === 'category');
    assert.deepEqual(
      categories.map((category) => category.label),
      ['Getting Started', 'Guides', 'Reference', 'Advanced', 'Appendix'],
    );
  });
});
