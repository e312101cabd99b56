import {readFileSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {RUNTIME_CONFIG_FILE, type ClientData} from '../contracts/client-data';
import {exportsPagePath, siteRootPath} from './client-data';
import {defaultOutlineVersion, startPathOf} from '../contracts/outline';
import {buildDocsOutline} from './docs-outline';
import {registerExportCommand} from './export-command';
import {PREBUILT_INDEX_FILE} from '../contracts/build-time';
import {PLUGIN_NAME, builtManifestDir, manifestFile, manifestFileName, type SiteManifest} from '../contracts/manifest';
import {buildManifest} from './manifest';
import {checkDocusaurusVersion, siteDocusaurusVersion} from './docusaurus-version';
import {missingFor} from '../contracts/optional-packages';
import type {PluginOptions} from '../contracts/options';
import {pluginTexts, shippedMessages} from '../contracts/translations';

export default function pluginExportPdf(context: LoadContext, options: PluginOptions): Plugin<void> {
  checkDocusaurusVersion(siteDocusaurusVersion(context.siteDir));
  // An optional peer: a site that chooses this engine learns, as it builds, how to install it.
  const engineProblem = options.engine === 'docs-to-pdf' ? missingFor('docs-to-pdf') : undefined;
  if (engineProblem) throw new Error(`[${PLUGIN_NAME}] ${engineProblem}`);
  let manifest: SiteManifest | undefined;
  return {
    name: PLUGIN_NAME,

    getThemePath() {
      return path.resolve(__dirname, '../theme');
    },

    getTypeScriptThemePath() {
      return path.resolve(__dirname, '../../theme');
    },

    getClientModules() {
      return [path.resolve(__dirname, '../client/route-signal.js')];
    },

    // The shipped translations of the button, the exports page and the book; a site's code.json overrides them.
    getDefaultCodeTranslationMessages() {
      return Promise.resolve(shippedMessages(context.i18n.currentLocale));
    },

    extendCli(cli) {
      registerExportCommand(cli, {siteDir: context.siteDir, pluginId: options.id});
    },

    async allContentLoaded({allContent, actions}) {
      const instances = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent>;
      const readSource = (source: string) => {
        try {
          return readFileSync(source.replace(/^@site\//, `${context.siteDir}/`), 'utf8');
        } catch {
          return undefined;
        }
      };
      const outlines = Object.entries(instances).map(([id, content]) =>
        buildDocsOutline(id, content, readSource, context.siteConfig.themeConfig),
      );
      const exported = outlines.find((outline) => outline.pluginId === options.docsPluginId);
      const version = exported && defaultOutlineVersion(exported);
      const startPath = options.startPath ?? (version && startPathOf(version));
      if (!startPath) {
        throw new Error(
          `[${PLUGIN_NAME}] found no docs to export: the docs plugin "${options.docsPluginId}" ` +
            'is missing or has no docs. Set `docsPluginId` or `startPath`.',
        );
      }
      const texts = pluginTexts(context.i18n.currentLocale, context.codeTranslations);
      manifest = buildManifest(context, options, startPath, outlines, texts);
      await actions.createData(manifestFileName(context.i18n.currentLocale), JSON.stringify(manifestFile(manifest), null, 2));
      const pagePath = exportsPagePath(context.baseUrl, options.exportsPage);
      if (pagePath) {
        actions.addRoute({path: pagePath, component: '@theme/ExportPdfPage', exact: true});
      }
      const siteRoot = siteRootPath(context.baseUrl, context.i18n.currentLocale, context.i18n.defaultLocale);
      const clientData: ClientData = {
        apiUrl: options.apiUrl,
        apiPort: options.apiPort,
        runtimeConfigPath: siteRoot + RUNTIME_CONFIG_FILE,
        documentsPath: siteRoot,
        exportsPagePath: pagePath,
        prebuiltIndexPath: options.buildTime ? context.baseUrl + PREBUILT_INDEX_FILE : undefined,
      };
      actions.setGlobalData(clientData);
    },

    async postBuild() {
      if (!manifest) return;
      // The build carries its own manifest, so it serves and exports wherever it is copied.
      const dir = builtManifestDir(context.outDir, options.id);
      await mkdir(dir, {recursive: true});
      await writeFile(path.join(dir, manifestFileName(context.i18n.currentLocale)), JSON.stringify(manifestFile(manifest), null, 2));
      // Off by default: then nothing of the export code loads and no Chromium starts during the build.
      if (!options.buildTime) return;
      const {exportAtBuildTime} = await import('../server/build-time/export-books.js');
      await exportAtBuildTime({manifest, buildTime: options.buildTime, siteLocales: context.i18n.locales});
    },
  };
}

export {validateOptions} from '../contracts/options';
export {getSwizzleConfig} from './swizzle-config';
export type {Options, PluginOptions} from '../contracts/options';
export type {ClientData, RuntimeConfig} from '../contracts/client-data';
export type {BuildTimeOptions, PrebuiltBook, PrebuiltIndex} from '../contracts/build-time';
export type * from '../contracts/api';
export type {ErrorBody} from '../contracts/errors';
export type {Phase, ExportState} from '../contracts/progress';
