import {useEffect} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {ClientData} from 'docusaurus-plugin-export-pdf';

/**
 * The plugin's global data; undefined when the plugin never set it: it is not in the site's
 * plugins (a navbar item or a swizzle uses the button anyway), or Docusaurus is older than 3.2,
 * which does not run the hook that sets it (plugin/docusaurus-version.ts stops such a build).
 * The browser's console says why the button is missing.
 */
export function useClientData(): ClientData | undefined {
  const data = usePluginData('docusaurus-plugin-export-pdf') as ClientData | undefined;
  useEffect(() => {
    if (data) return;
    console.error(
      '[docusaurus-plugin-export-pdf] The Export PDF button is not shown: the plugin set no data. ' +
        'List docusaurus-plugin-export-pdf in the plugins of docusaurus.config, on Docusaurus 3.2 or later.',
    );
  }, [data]);
  return data;
}
