import {execFile} from 'node:child_process';
import {promisify} from 'node:util';

const run = promisify(execFile);

/** Page count from poppler's `pdfinfo`; undefined when it is missing or cannot read the file. */
export async function pdfPages(file: string): Promise<number | undefined> {
  try {
    const {stdout} = await run('pdfinfo', [file], {timeout: 60_000, maxBuffer: 1024 * 1024});
    const match = /^Pages:\s+(\d+)/m.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
