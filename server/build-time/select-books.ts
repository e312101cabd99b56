import {docsNamePart, type BuildTimeOptions} from '../../contracts/build-time';
import type {SiteManifest} from '../../contracts/manifest';
import {defaultOutlineVersion, type DocsOutline, type OutlineVersion} from '../../contracts/outline';
import {ConfigError} from '../config';
import {resolveFileName} from '../file-name';

/** One book a locale's build makes. */
export type PlannedBook = {
  docsPluginId: string;
  /** Version name, as the API's `version` takes it. */
  version: string;
  versionLabel: string;
  locale: string;
  /** File name under `pdf/`. */
  fileName: string;
};

function invalid(message: string, known: string[]): ConfigError {
  return new ConfigError([`buildTime: ${message}. This site has: ${known.join(', ') || 'none'}.`]);
}

/** Whether this locale's build makes books; a locale the site does not have is a mistake in the config. */
export function localeSelected(buildTime: BuildTimeOptions, locale: {current: string; default: string}, siteLocales: string[]): boolean {
  if (buildTime.locales === 'all') return true;
  if (buildTime.locales === 'default') return locale.current === locale.default;
  const unknown = buildTime.locales.find((name) => !siteLocales.includes(name));
  if (unknown) throw invalid(`unknown locale "${unknown}" in locales`, siteLocales);
  return buildTime.locales.includes(locale.current);
}

function chosenDocs(manifest: SiteManifest, buildTime: BuildTimeOptions): DocsOutline[] {
  const all = manifest.docs.filter((outline) => outline.versions.length > 0);
  const requested = buildTime.docsPluginIds ?? [manifest.options.docsPluginId];
  if (requested === 'all') return all;
  return requested.map((id) => {
    const outline = all.find((candidate) => candidate.pluginId === id);
    if (!outline)
      throw invalid(
        `unknown docs plugin "${id}" in docsPluginIds`,
        all.map((candidate) => candidate.pluginId),
      );
    return outline;
  });
}

/** The chosen versions, the default one first: the button offers it outside the docs. */
function chosenVersions(outline: DocsOutline, versions: BuildTimeOptions['versions']): OutlineVersion[] {
  const last = defaultOutlineVersion(outline);
  if (versions === 'last') return last ? [last] : [];
  const chosen =
    versions === 'all'
      ? outline.versions
      : outline.versions.filter((version) => versions.includes(version.name) || versions.includes(version.label));
  return [...chosen].sort((a, b) => Number(b === last) - Number(a === last));
}

function fileNameOf(pattern: string, book: Omit<PlannedBook, 'fileName'>): string {
  const name = pattern
    .replaceAll('{docs}', docsNamePart(book.docsPluginId))
    .replaceAll('{version}', book.version)
    .replaceAll('{locale}', book.locale);
  try {
    return resolveFileName(name);
  } catch (error) {
    throw new ConfigError([`buildTime: the fileName pattern gives "${name}", which is not a valid file name: ${(error as Error).message}`]);
  }
}

/**
 * The books this locale's build makes, in the order of the site's docs
 * instances and versions; none when the locale is not selected. Names that
 * match nothing, and patterns that give two books one name, are config errors.
 */
export function selectBooks(manifest: SiteManifest, buildTime: BuildTimeOptions, siteLocales: string[]): PlannedBook[] {
  if (!localeSelected(buildTime, manifest.locale, siteLocales)) return [];
  const docs = chosenDocs(manifest, buildTime);
  if (Array.isArray(buildTime.versions)) {
    const known = docs.flatMap((outline) => outline.versions.flatMap((version) => [version.name, version.label]));
    const unknown = buildTime.versions.find((name) => !known.includes(name));
    if (unknown) throw invalid(`no docs instance exported has the version "${unknown}"`, [...new Set(known)]);
  }
  const books = docs.flatMap((outline) =>
    chosenVersions(outline, buildTime.versions).map((version) => {
      const book = {docsPluginId: outline.pluginId, version: version.name, versionLabel: version.label, locale: manifest.locale.current};
      return {...book, fileName: fileNameOf(buildTime.fileName, book)};
    }),
  );
  const names = books.map((book) => book.fileName);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) {
    throw new ConfigError([`buildTime: the fileName pattern "${buildTime.fileName}" gives two books the name "${repeated}"; add {docs}.`]);
  }
  return books;
}
