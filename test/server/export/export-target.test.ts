import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {DocsOutline} from '../../../contracts/outline';
import {ExportRejected} from '../../../server/errors';
import {resolveExportTarget} from '../../../server/export/export-target';
import {manifestsOf, testManifest} from '../../helpers/fixtures';

const doc = (id: string, permalink: string) => ({
  type: 'doc' as const,
  id,
  label: id,
  title: id,
  permalink,
  mermaidDiagrams: 0,
  rendersInBrowser: false,
});

const DOCS: DocsOutline[] = [
  {
    pluginId: 'default',
    versions: [
      {
        name: 'current',
        label: 'Next',
        path: '/docs/next',
        isLast: false,
        sidebars: {
          main: [
            doc('intro', '/docs/next/intro'),
            {
              type: 'category',
              label: 'Guides',
              items: [doc('guides/setup', '/docs/next/guides/setup'), doc('guides/run', '/docs/next/guides/run')],
            },
          ],
        },
        unlisted: [],
      },
      {name: '2.0', label: 'v2', path: '/docs', isLast: true, sidebars: {main: [doc('start', '/docs/start')]}, unlisted: []},
    ],
  },
  {
    pluginId: 'sdk',
    versions: [
      {
        name: 'current',
        label: 'Next',
        path: '/sdk/next',
        isLast: false,
        sidebars: {sdk: [doc('client', '/sdk/next/client')]},
        unlisted: [],
      },
      {
        name: '1.0',
        label: '1.0',
        path: '/sdk',
        isLast: true,
        sidebars: {sdk: [doc('setup', '/sdk/setup'), doc('client', '/sdk/client')]},
        unlisted: [],
      },
    ],
  },
];

const en = testManifest({docs: DOCS, startPath: '/docs/start'});
const fr = testManifest({
  docs: DOCS,
  startPath: '/fr/docs/next/intro',
  locale: {current: 'fr', default: 'en', htmlLang: 'fr', direction: 'ltr'},
  title: 'Docs FR',
});

function rejected(pattern: RegExp) {
  return (error: unknown) => error instanceof ExportRejected && pattern.test(`${error.message} ${error.detail}`);
}

describe('resolveExportTarget', () => {
  it('defaults to the default locale, the default docs, their lastVersion and the configured start page', () => {
    const target = resolveExportTarget(manifestsOf(fr, en));
    assert.equal(target.locale, 'en');
    assert.equal(target.docsPluginId, 'default');
    assert.equal(target.version, '2.0');
    assert.equal(target.startPath, '/docs/start');
    assert.equal(target.manifest, en);
  });

  it('exports another docs plugin instance, its lastVersion by default, from its first page', () => {
    const sdk = resolveExportTarget(manifestsOf(en), {docsPluginId: 'sdk'});
    assert.equal(sdk.docsPluginId, 'sdk');
    assert.equal(sdk.version, '1.0');
    assert.equal(sdk.startPath, '/sdk/setup');
    const next = resolveExportTarget(manifestsOf(en), {docsPluginId: 'sdk', version: 'current', doc: 'client'});
    assert.equal(next.startPath, '/sdk/next/client');
  });

  it('rejects the request naming the docs plugin instances for an unknown one', () => {
    assert.throws(() => resolveExportTarget(manifestsOf(en), {docsPluginId: 'api'}), rejected(/Unknown docs plugin "api".*default, sdk/));
  });

  it('exports another locale from its own manifest', () => {
    const target = resolveExportTarget(manifestsOf(en, fr), {locale: 'fr'});
    assert.equal(target.manifest.title, 'Docs FR');
    assert.equal(target.startPath, '/fr/docs/next/intro');
  });

  it('starts a chosen version at its first page, by name or by label', () => {
    assert.equal(resolveExportTarget(manifestsOf(en), {version: 'current'}).startPath, '/docs/next/intro');
    assert.equal(resolveExportTarget(manifestsOf(en), {version: '2.0'}).startPath, '/docs/start');
    assert.equal(resolveExportTarget(manifestsOf(en), {version: 'v2'}).version, '2.0');
  });

  it('rejects the request naming what exists for an unknown locale or version', () => {
    assert.throws(() => resolveExportTarget(manifestsOf(en, fr), {locale: 'de'}), rejected(/Unknown locale "de".*en, fr/));
    assert.throws(() => resolveExportTarget(manifestsOf(en), {version: '9.9'}), rejected(/Unknown version "9.9".*current, 2.0/));
  });

  it('narrows to one category or one doc, starting at its first page, and tells the engine', () => {
    const category = resolveExportTarget(manifestsOf(en), {version: 'current', category: 'Guides'});
    assert.equal(category.subset?.kind, 'category');
    assert.equal(category.startPath, '/docs/next/guides/setup');
    const single = resolveExportTarget(manifestsOf(en), {version: 'current', doc: 'guides/run'});
    assert.equal(single.subset?.kind === 'doc' && single.subset.doc.id, 'guides/run');
    assert.equal(single.startPath, '/docs/next/guides/run');
    assert.equal(resolveExportTarget(manifestsOf(en)).subset, undefined);
  });

  it('rejects the request for an unknown category or doc, or both at once', () => {
    assert.throws(
      () => resolveExportTarget(manifestsOf(en), {version: 'current', category: 'Nope'}),
      rejected(/Unknown category "Nope".*Guides/),
    );
    assert.throws(
      () => resolveExportTarget(manifestsOf(en), {version: 'current', doc: 'nope'}),
      rejected(/Unknown doc "nope".*intro, guides\/setup/),
    );
    assert.throws(() => resolveExportTarget(manifestsOf(en), {doc: 'intro', category: 'Guides'}), rejected(/either category or doc/));
  });

  it('takes the version and locale a request leaves out from the plugin options', () => {
    const pinned = testManifest({docs: DOCS, startPath: '/docs/next/intro'}, {version: 'Next', locale: 'fr'});
    const frPinned = {...fr, options: pinned.options};
    const target = resolveExportTarget(manifestsOf(pinned, frPinned));
    assert.equal(target.locale, 'fr');
    assert.equal(target.version, 'current');
    assert.equal(target.startPath, '/docs/next/intro');
    assert.equal(resolveExportTarget(manifestsOf(pinned, frPinned), {version: 'v2', locale: 'en'}).startPath, '/docs/start');
    // The version option belongs to the configured docs; another instance gets its own lastVersion.
    assert.equal(resolveExportTarget(manifestsOf(pinned, frPinned), {docsPluginId: 'sdk'}).version, '1.0');
  });
});
