import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {SiteManifest} from '../contracts/manifest';
import {loadConfig, type ServerConfig} from './config';
import {NotReady} from './errors';
import {readManifest} from './manifest';

/** The site's build directory is missing although the plugin wrote its manifest (say, under `docusaurus start`). */
export class BuildMissingError extends NotReady {
  constructor(outDir: string) {
    super(`The build directory ${outDir} is missing: run \`docusaurus build\` first.`);
  }
}

/** Where PDFs go when neither DOCS_PATH/DOCS_DIR nor the plugin option says. */
export function defaultDocumentsDir(siteDir: string, manifest: SiteManifest): string {
  const configured = manifest.options.documentsDir;
  return configured ? path.resolve(siteDir, configured) : path.join(siteDir, 'pdfs');
}

/** The default locale's manifest of a site that `docusaurus build` has built. */
export async function readBuiltManifest(siteDir: string, pluginId?: string): Promise<SiteManifest> {
  const manifest = await readManifest(siteDir, pluginId);
  await fs.access(manifest.outDir).catch(() => {
    throw new BuildMissingError(manifest.outDir);
  });
  return manifest;
}

/** The environment read against this site's defaults: its documents directory and export deadline. */
export function loadSiteConfig(siteDir: string, manifest: SiteManifest, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return loadConfig(env, {
    documentsDir: defaultDocumentsDir(siteDir, manifest),
    exportTimeoutMs: manifest.options.exportTimeoutMs,
  });
}
