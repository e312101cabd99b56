import {settingsUsage} from './settings';

/** `docusaurus-export-pdf --help`: the commands, and every environment setting from server/settings.ts. */
export const USAGE = `Usage: docusaurus-export-pdf <serve|start> [siteDir]

  serve [siteDir]   serve the built site (docusaurus build first) and the export API
  start [siteDir]   run the Docusaurus dev server with the export API beside it

${settingsUsage()}`;
