import path from 'node:path';
import type {SiteManifest} from '../contracts/manifest';
import {loadConfig, type ServerConfig} from './config';
import {defaultLocaleManifest, readBuiltManifests, type BuiltSite} from './manifest';

/** Where PDFs go when neither DOCS_PATH/DOCS_DIR nor the plugin option says. */
export function defaultDocumentsDir(siteDir: string, manifest: SiteManifest): string {
  const configured = manifest.options.documentsDir;
  return configured ? path.resolve(siteDir, configured) : path.join(siteDir, 'pdfs');
}

/** The default locale's manifest of a site that `docusaurus build` has built. */
export async function readBuiltManifest(site: BuiltSite): Promise<SiteManifest> {
  return defaultLocaleManifest(await readBuiltManifests(site));
}

/** The environment read against this site's defaults: its documents directory and export deadline. */
export function loadSiteConfig(siteDir: string, manifest: SiteManifest, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return loadConfig(env, {
    documentsDir: defaultDocumentsDir(siteDir, manifest),
    exportTimeoutMs: manifest.options.exportTimeoutMs,
  });
}
