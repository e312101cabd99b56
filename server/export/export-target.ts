import type {SiteManifest} from '../../plugin/manifest';
import {defaultOutlineVersion, startPathOf} from '../../plugin/docs-outline';
import {HttpError} from '../errors';

/** What an export covers: one locale's build, one docs version, from one page. */
export type ExportTarget = {
  /** The manifest of the chosen locale. */
  manifest: SiteManifest;
  locale: string;
  /** Version name, `current` for the docs folder. */
  version: string;
  /** Site path the engine starts from. */
  startPath: string;
};

/** What a request may ask for; both default to the site's defaults. */
export type ExportSelection = {locale?: string; version?: string};

function reject(what: string, value: string, known: string[]): HttpError {
  return new HttpError(400, `Unknown ${what} "${value}"`, {detail: `This site has: ${known.join(', ')}.`});
}

/** Resolves a request's locale and version against the manifests, or answers 400. */
export function resolveExportTarget(
  manifests: Map<string, SiteManifest>,
  selection: ExportSelection = {},
): ExportTarget {
  const anyManifest = manifests.values().next().value as SiteManifest;
  const locale = selection.locale ?? anyManifest.locale.default;
  const manifest = manifests.get(locale);
  if (!manifest) throw reject('locale', locale, [...manifests.keys()]);
  const outline = manifest.docs.find((docs) => docs.pluginId === manifest.options.docsPluginId);
  if (selection.version === undefined) {
    const version = outline && defaultOutlineVersion(outline);
    return {manifest, locale, version: version?.name ?? 'current', startPath: manifest.startPath};
  }
  const version = outline?.versions.find(
    (candidate) => candidate.name === selection.version || candidate.label === selection.version,
  );
  if (!version) {
    throw reject('version', selection.version, outline?.versions.map((candidate) => candidate.name) ?? []);
  }
  return {manifest, locale, version: version.name, startPath: startPathOf(version)};
}
