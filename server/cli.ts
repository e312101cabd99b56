import v8 from 'node:v8';
import {ConfigError} from './config';
import {DomainError} from './errors';
import {runServer} from './server-entry';
import {parseCommandLine} from './cli-arguments';
import {USAGE} from './cli-usage';
import {runWorker} from './worker-entry';

// V8 lets the heap grow to up to four times what survived its last full collection. The server
// allocates in bursts (each part's HTML and PDF pass through it) around 70-150 MB that survive:
// in the 1,000-doc benchmark it held 320 MB of RSS in render and 420-490 MB in the merge, most of
// it garbage. Growing by half: 250 and 280 MB, render and merge as fast (one export each, the
// same hour). V8 reads this at each collection, so setting it as the process starts is enough;
// it is this process's alone (the server, the worker).
v8.setFlagsFromString('--heap-growing-percent=50');

const PARENT_CHECK_MS = 1000;

async function main(argv: string[]): Promise<void> {
  const commandLine = parseCommandLine(argv);
  if (!commandLine) {
    console.log(USAGE);
    return;
  }
  if ('usage' in commandLine) {
    console.error(`[export-pdf] ${commandLine.usage}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const {command, siteDir, dir} = commandLine;
  const server = command === 'worker' ? await runWorker(siteDir, dir) : await runServer(command, siteDir, dir);
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) {
      console.error(`[export-pdf] ${why} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    clearInterval(parentCheck);
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
  const parentCheck = setInterval(() => {
    if (process.ppid !== parent) stop('parent process gone');
  }, PARENT_CHECK_MS).unref();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`[export-pdf] ${error instanceof Error ? error.message : String(error)}`);
  // A ConfigError's message lists its problems already.
  if (error instanceof DomainError && error.detail && !(error instanceof ConfigError)) console.error(`[export-pdf] ${error.detail}`);
  process.exit(1);
});
