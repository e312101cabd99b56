import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {DocsOutline} from '../../../plugin/docs-outline';
import {HttpError} from '../../../server/errors';
import {resolveExportTarget} from '../../../server/export/export-target';
import {manifestsOf, testManifest} from '../../helpers/fixtures';

const doc = (id: string, permalink: string) => ({type: 'doc' as const, id, label: id, title: id, permalink, mermaidDiagrams: 0});

const DOCS: DocsOutline[] = [
  {
    pluginId: 'default',
    versions: [
      {name: 'current', label: 'Next', path: '/docs/next', isLast: false, sidebars: {main: [doc('intro', '/docs/next/intro')]}, unlisted: []},
      {name: '2.0', label: 'v2', path: '/docs', isLast: true, sidebars: {main: [doc('start', '/docs/start')]}, unlisted: []},
    ],
  },
];

const en = testManifest({docs: DOCS, startPath: '/docs/next/intro'});
const fr = testManifest({docs: DOCS, startPath: '/fr/docs/next/intro', locale: {current: 'fr', default: 'en'}, title: 'Docs FR'});

function is400(pattern: RegExp) {
  return (error: unknown) => error instanceof HttpError && error.status === 400 && pattern.test(`${error.message} ${error.detail}`);
}

describe('resolveExportTarget', () => {
  it('defaults to the default locale, the current version and the configured start page', () => {
    const target = resolveExportTarget(manifestsOf(fr, en));
    assert.equal(target.locale, 'en');
    assert.equal(target.version, 'current');
    assert.equal(target.startPath, '/docs/next/intro');
    assert.equal(target.manifest, en);
  });

  it('exports another locale from its own manifest', () => {
    const target = resolveExportTarget(manifestsOf(en, fr), {locale: 'fr'});
    assert.equal(target.manifest.title, 'Docs FR');
    assert.equal(target.startPath, '/fr/docs/next/intro');
  });

  it('starts a chosen version at its first page, by name or by label', () => {
    assert.equal(resolveExportTarget(manifestsOf(en), {version: '2.0'}).startPath, '/docs/start');
    assert.equal(resolveExportTarget(manifestsOf(en), {version: 'v2'}).version, '2.0');
  });

  it('answers 400 naming what exists for an unknown locale or version', () => {
    assert.throws(() => resolveExportTarget(manifestsOf(en, fr), {locale: 'de'}), is400(/Unknown locale "de".*en, fr/));
    assert.throws(() => resolveExportTarget(manifestsOf(en), {version: '9.9'}), is400(/Unknown version "9.9".*current, 2.0/));
  });
});
