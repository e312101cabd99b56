import type {SiteManifest} from '../../contracts/manifest';
import {defaultOutlineVersion, startPathOf, type DocsOutline, type OutlineVersion} from '../../contracts/outline';
import {ExportRejected} from '../errors';
import {findSubset, type Subset, type SubsetSelection} from './book-plan';

/** What an export covers: one locale's build, one docs instance and version, all of it or one part. */
export type ExportTarget = {
  /** The manifest of the chosen locale. */
  manifest: SiteManifest;
  locale: string;
  /** Id of the docs plugin instance exported (`default` for the classic preset's docs). */
  docsPluginId: string;
  /** Version name, `current` for the docs folder. */
  version: string;
  /** The chosen version's docs; absent only for a site whose docs plugin wrote none. */
  outlineVersion?: OutlineVersion;
  /** One sidebar category or one doc; absent: the whole version. */
  subset?: Subset;
  /** Site path the export starts from: the subset's first page, else the version's. */
  startPath: string;
};

/** What a request may ask for; unset fields take the plugin options, then the site's defaults. */
export type ExportSelection = SubsetSelection & {
  locale?: string;
  /** Id of a docs plugin instance; unset: the plugin's `docsPluginId` option. */
  docsPluginId?: string;
  /** Version name or label; unset: the plugin's `version` option, else the docs' `lastVersion`. */
  version?: string;
};

function reject(what: string, value: string, known: string[]): ExportRejected {
  const listed = known.length > 12 ? [...known.slice(0, 12), '…'] : known;
  return new ExportRejected(`Unknown ${what} "${value}"`, {detail: `This site has: ${listed.join(', ')}.`});
}

function chooseDocs(manifest: SiteManifest, requested: string | undefined): DocsOutline | undefined {
  const docs = manifest.docs.find((candidate) => candidate.pluginId === (requested ?? manifest.options.docsPluginId));
  if (requested !== undefined && !docs)
    throw reject(
      'docs plugin',
      requested,
      manifest.docs.map((candidate) => candidate.pluginId),
    );
  return docs;
}

function chooseVersion(outline: DocsOutline | undefined, requested: string | undefined): OutlineVersion | undefined {
  if (requested === undefined) return outline && defaultOutlineVersion(outline);
  const version = outline?.versions.find((candidate) => candidate.name === requested || candidate.label === requested);
  if (!version) {
    throw reject('version', requested, outline?.versions.map((candidate) => candidate.name) ?? []);
  }
  return version;
}

/** Resolves a request's locale, version and subset against the manifests, or rejects the request. */
export function resolveExportTarget(manifests: Map<string, SiteManifest>, selection: ExportSelection = {}): ExportTarget {
  const anyManifest = manifests.values().next().value as SiteManifest;
  const locale = selection.locale ?? anyManifest.options.locale ?? anyManifest.locale.default;
  const manifest = manifests.get(locale);
  if (!manifest) throw reject('locale', locale, [...manifests.keys()]);
  if (selection.category !== undefined && selection.doc !== undefined) {
    throw new ExportRejected('Give either category or doc, not both');
  }
  const docs = chooseDocs(manifest, selection.docsPluginId);
  const docsPluginId = docs?.pluginId ?? manifest.options.docsPluginId;
  // The version option names a version of the configured docs, not of another instance.
  const otherDocs = docsPluginId !== manifest.options.docsPluginId;
  const requestedVersion = selection.version ?? (otherDocs ? undefined : manifest.options.version);
  const outlineVersion = chooseVersion(docs, requestedVersion);
  const version = outlineVersion?.name ?? 'current';
  const subset = outlineVersion ? findSubset(outlineVersion, selection) : (selection.category ?? selection.doc ?? undefined);
  if (subset === null || typeof subset === 'string') {
    const what = selection.category !== undefined ? 'category' : 'doc';
    throw reject(what, (selection.category ?? selection.doc)!, outlineVersion ? subsetNames(outlineVersion, what) : []);
  }
  // The site's start page (the startPath option) applies only when the request narrows nothing.
  const narrowed = otherDocs || requestedVersion !== undefined || subset !== undefined;
  const startPath = subset?.startPath ?? (narrowed && outlineVersion ? startPathOf(outlineVersion) : manifest.startPath);
  return {manifest, locale, docsPluginId, version, outlineVersion, subset, startPath};
}

function subsetNames(version: OutlineVersion, what: 'category' | 'doc'): string[] {
  const names: string[] = [];
  const walk = (items: OutlineVersion['sidebars'][string]) => {
    for (const item of items) {
      if (item.type === 'category') {
        if (what === 'category') names.push(item.label);
        walk(item.items);
      } else if (item.type === 'doc' && what === 'doc') {
        names.push(item.id);
      }
    }
  };
  Object.values(version.sidebars).forEach(walk);
  return names;
}
