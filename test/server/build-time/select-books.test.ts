import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {DEFAULT_BUILD_TIME, type BuildTimeOptions} from '../../../contracts/build-time';
import type {SiteManifest} from '../../../contracts/manifest';
import type {OutlineVersion} from '../../../contracts/outline';
import {ConfigError} from '../../../server/config';
import {selectBooks} from '../../../server/build-time/select-books';
import {testManifest} from '../../helpers/fixtures';

const version = (name: string, label: string, isLast: boolean): OutlineVersion => ({
  name,
  label,
  path: name === 'current' ? '/sdk/next' : '/sdk',
  isLast,
  sidebars: {},
  unlisted: [],
});

/** The example site's shape: the main docs, and an SDK instance whose 1.0 is its lastVersion. */
function site(locale = 'en'): SiteManifest {
  const base = testManifest({locale: {current: locale, default: 'en', htmlLang: locale, direction: 'ltr'}});
  return {...base, docs: [...base.docs, {pluginId: 'sdk', versions: [version('current', 'Next', false), version('1.0', '1.0', true)]}]};
}

const LOCALES = ['en', 'fr', 'ar'];
const options = (overrides: Partial<BuildTimeOptions> = {}): BuildTimeOptions => ({...DEFAULT_BUILD_TIME, ...overrides});
const files = (manifest: SiteManifest, overrides: Partial<BuildTimeOptions> = {}) =>
  selectBooks(manifest, options(overrides), LOCALES).map((book) => book.fileName);

describe('the books a locale build makes', () => {
  it("by default: the docsPluginId option's docs, their default version, in every locale", () => {
    assert.deepEqual(files(site()), ['docs-current-en.pdf']);
    assert.deepEqual(files(site('fr')), ['docs-current-fr.pdf']);
  });

  it("every instance and version, each instance's default version first", () => {
    const books = selectBooks(site(), options({docsPluginIds: 'all', versions: 'all'}), LOCALES);
    assert.deepEqual(
      books.map((book) => [book.fileName, book.versionLabel]),
      [
        ['docs-current-en.pdf', 'Next'],
        ['sdk-1.0-en.pdf', '1.0'],
        ['sdk-current-en.pdf', 'Next'],
      ],
    );
  });

  it('versions by name or label, and locales by name or as the default one', () => {
    assert.deepEqual(files(site(), {docsPluginIds: ['sdk'], versions: ['Next']}), ['sdk-current-en.pdf']);
    assert.deepEqual(files(site('fr'), {locales: ['en', 'fr']}), ['docs-current-fr.pdf']);
    assert.deepEqual(files(site('ar'), {locales: ['en', 'fr']}), []);
    assert.deepEqual(files(site('fr'), {locales: 'default'}), []);
    assert.deepEqual(files(site(), {locales: 'default', fileName: 'handbook-{version}-{locale}.pdf'}), ['handbook-current-en.pdf']);
  });

  it('refuses names the site does not have, naming the ones it has', () => {
    assert.throws(
      () => files(site(), {docsPluginIds: ['api']}),
      (error: ConfigError) => {
        assert.match(error.message, /unknown docs plugin "api" in docsPluginIds\. This site has: default, sdk\./);
        return true;
      },
    );
    assert.throws(() => files(site(), {versions: ['2.0']}), /no docs instance exported has the version "2\.0"/);
    assert.throws(() => files(site(), {locales: ['de']}), /unknown locale "de" in locales\. This site has: en, fr, ar\./);
  });

  it('refuses a pattern that gives two books one name, or no valid name', () => {
    assert.throws(
      () => files(site(), {docsPluginIds: 'all', versions: ['Next'], fileName: 'book-{version}-{locale}.pdf'}),
      /gives two books the name "book-current-en\.pdf"; add \{docs\}/,
    );
    assert.throws(() => files(site(), {fileName: '.{docs}-{version}-{locale}.pdf'}), /not a valid file name/);
  });
});
