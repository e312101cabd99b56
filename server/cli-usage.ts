import {settingsUsage} from './settings';

/** `docusaurus-export-pdf --help`: the commands, and every environment setting from server/settings.ts. */
export const USAGE = `Usage: docusaurus-export-pdf <serve|start|worker> [siteDir] [--dir <build>]

  serve [siteDir]   serve the built site (docusaurus build first) and the export API;
                    with REDIS_URL the API only enqueues exports, workers run them
  start [siteDir]   run the Docusaurus dev server with the export API beside it
  worker [siteDir]  run the exports of the site's job queue (needs REDIS_URL and the build)

  --dir <build>     the build to serve or export, as in \`docusaurus serve --dir\`
                    (default: the site's build/); a build copied from elsewhere works

${settingsUsage()}`;
