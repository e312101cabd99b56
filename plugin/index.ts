import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {RUNTIME_CONFIG_FILE, type ClientData} from './client-data';
import {PLUGIN_NAME, buildManifest, findStartPath, manifestFileName} from './manifest';
import type {PluginOptions} from './options';

export default function pluginExportPdf(
  context: LoadContext,
  options: PluginOptions,
): Plugin<void> {
  return {
    name: PLUGIN_NAME,

    getThemePath() {
      return path.resolve(__dirname, '../theme');
    },

    getTypeScriptThemePath() {
      return path.resolve(__dirname, '../../theme');
    },

    async allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.[options.docsPluginId] as
        | DocsContent
        | undefined;
      const startPath = options.startPath ?? (docs && findStartPath(docs));
      if (!startPath) {
        throw new Error(
          `[${PLUGIN_NAME}] found no docs to export: the docs plugin "${options.docsPluginId}" ` +
            'is missing or has no docs. Set `docsPluginId` or `startPath`.',
        );
      }
      const manifest = buildManifest(context, options, startPath);
      await actions.createData(
        manifestFileName(context.i18n.currentLocale),
        JSON.stringify(manifest, null, 2),
      );
      const clientData: ClientData = {
        apiUrl: options.apiUrl,
        apiPort: options.apiPort,
        runtimeConfigPath: context.baseUrl + RUNTIME_CONFIG_FILE,
      };
      actions.setGlobalData(clientData);
    },
  };
}

export {validateOptions} from './options';
export {getSwizzleConfig} from './swizzle-config';
export type {Options, PluginOptions} from './options';
export type {ClientData} from './client-data';
