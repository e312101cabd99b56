import {constants, promises as fs} from 'node:fs';
import path from 'node:path';
import {ExportRejected} from '../errors';
import {defaultFileName, resolveFileName, type BookIdentity} from '../file-name';
import {CommandFailure, EXIT_CODES} from './command-failure';

/** Where the command writes the PDF: the exporter's documents directory and file name. */
export type OutputFile = {
  documentsDir: string;
  fileName: string;
  /** Absolute path of the PDF. */
  path: string;
};

async function isDirectory(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => undefined))?.isDirectory() === true;
}

function checkedName(base: string): string {
  try {
    return resolveFileName(base);
  } catch (error) {
    if (!(error instanceof ExportRejected)) throw error;
    throw new CommandFailure(
      EXIT_CODES.usage,
      `Invalid file name in --out: ${error.message.replace(/^Invalid fileName: /, '')}`,
      `Got "${base}".`,
    );
  }
}

async function assertWritableDirectory(dir: string): Promise<void> {
  if (!(await isDirectory(dir))) {
    throw new CommandFailure(
      EXIT_CODES.usage,
      `The directory of --out does not exist: ${dir}`,
      'Create it first, or write the PDF somewhere else.',
    );
  }
  await fs.access(dir, constants.W_OK).catch(() => {
    throw new CommandFailure(EXIT_CODES.usage, `The directory of --out is not writable: ${dir}`);
  });
}

/**
 * `--out` as the exporter takes it: its directory must exist (a typo must not
 * scatter directories around), and its base name passes the API's file-name
 * checks. A directory gets the API's default name for `book`. Without `--out`, the
 * documents directory is created as the server creates it.
 */
export async function resolveOutputFile(
  out: string | undefined,
  documentsDir: string,
  book: BookIdentity,
  now?: Date,
): Promise<OutputFile> {
  if (out === undefined) {
    await fs.mkdir(documentsDir, {recursive: true}).catch((error: Error) => {
      throw new CommandFailure(EXIT_CODES.setup, `Cannot create the documents directory ${documentsDir}`, error.message);
    });
    const fileName = defaultFileName(book, now);
    return {documentsDir, fileName, path: path.join(documentsDir, fileName)};
  }
  const namesDirectory = out.endsWith(path.sep) || (await isDirectory(out));
  const dir = namesDirectory ? path.resolve(out) : path.dirname(out);
  const fileName = namesDirectory ? defaultFileName(book, now) : checkedName(path.basename(out));
  await assertWritableDirectory(dir);
  return {documentsDir: dir, fileName, path: path.join(dir, fileName)};
}
