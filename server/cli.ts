import {ConfigError} from './config';
import {runServer, type ServerMode} from './server-entry';

const USAGE = `Usage: docusaurus-export-pdf <serve|start> [siteDir]

  serve [siteDir]   serve the built site (docusaurus build first) and the export API
  start [siteDir]   run the Docusaurus dev server with the export API beside it

Environment: API_PORT (3001), DOCSITE_PORT (3000), DOCS_PATH or DOCS_DIR (documents
directory, default <siteDir>/pdfs), HOST (127.0.0.1), NODE_ENV (production),
EXPORT_TIMEOUT_MS (180000), EXPORT_QUEUE_LIMIT (10), PUPPETEER_EXECUTABLE_PATH.`;

const PARENT_CHECK_MS = 1000;

async function main(argv: string[]): Promise<void> {
  const [command, siteDir = '.', ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return;
  }
  if ((command !== 'serve' && command !== 'start') || rest.length > 0) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const server = await runServer(command as ServerMode, siteDir);
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) {
      console.error(`[export-pdf] ${why} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`[export-pdf] ${why}: shutting down`);
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // `npm run serve` starts the server under `sh -c`; a SIGTERM sent to npm alone
  // kills that shell (Debian's dash) without passing it on. The server then
  // finds itself adopted by another process and stops as if it had been signalled.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('parent process gone');
  }, PARENT_CHECK_MS).unref();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`[export-pdf] ${message}`);
  process.exit(1);
});
