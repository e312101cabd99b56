import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {AssembledBook} from './assemble';

/** A content part's HTML in a file of the export's work directory (removed with it), read when it is keyed and printed. */
export type PartHtml = {
  /** The file's path. */
  file: string;
  read: () => Promise<string>;
};

/** The book as render and merge take it: its content parts' HTML in files. */
export type BookOnDisk = Omit<AssembledBook, 'parts'> & {parts: PartHtml[]};

/**
 * Puts the content parts' HTML in files of `dir` (part-N.html). Held as strings, a 1,000-doc
 * book's parts are 35 MB of the server's heap (a heap snapshot in render and one in the merge)
 * from assemble to the export's end, while each is read twice: for its print cache key, and by
 * the tab that prints it. The strings are let go as this returns.
 */
export async function withPartFiles(book: AssembledBook, dir: string): Promise<BookOnDisk> {
  const {parts, ...rest} = book;
  const files = await Promise.all(
    parts.map(async (html, index) => {
      const file = path.join(dir, `part-${index}.html`);
      await fs.writeFile(file, html, 'utf8');
      return {file, read: () => fs.readFile(file, 'utf8')};
    }),
  );
  return {...rest, parts: files};
}
