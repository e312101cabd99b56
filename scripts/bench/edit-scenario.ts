// The benchmark's "one doc edited" export: a paragraph added to one doc of the generated site,
// the site rebuilt, the book exported again on the server that exported it before.
import {spawnSync} from 'node:child_process';
import {readFile, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {bookDifferences} from './book-structure';
import type {EditCheck} from './targets';

/** Marks the paragraph, so that the next benchmark takes it out again: either way the doc changes. */
const MARK = '<!-- bench: a paragraph added after the first export -->';
const PARAGRAPH =
  `${MARK}\n\nThis paragraph was added after the first export. It pushes the rest of its doc down by a few lines, ` +
  `and so every later page of the book: ${'the sentence goes on, '.repeat(12)}and ends here.\n\n`;

async function docsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true});
  const files = await Promise.all(
    entries.map((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return docsUnder(file);
      return Promise.resolve(/\.mdx?$/.test(entry.name) ? [file] : []);
    }),
  );
  return files.flat().sort();
}

/**
 * Adds the paragraph after the front matter of the doc in the middle of the site (by path), or
 * takes it out when it is there. Returns the doc and what was done.
 */
export async function toggleEdit(siteDir: string): Promise<{file: string; added: boolean}> {
  const docs = await docsUnder(path.join(siteDir, 'docs'));
  if (docs.length === 0) throw new Error(`no docs under ${siteDir}/docs`);
  const file = docs[Math.floor(docs.length / 2)]!;
  const source = await readFile(file, 'utf8');
  if (source.includes(MARK)) {
    await writeFile(file, source.replace(PARAGRAPH, ''));
    return {file, added: false};
  }
  const frontMatter = /^---\n[\s\S]*?\n---\n\n?/.exec(source)?.[0] ?? '';
  await writeFile(file, frontMatter + PARAGRAPH + source.slice(frontMatter.length));
  return {file, added: true};
}

/**
 * The book exported after the edit against a cold export of the edited site: what a reader sees
 * must not differ (book-structure.ts), and the checker must pass the book (its output in `logFile`).
 */
export async function checkEditedBook(
  repoRoot: string,
  siteDir: string,
  edited: string,
  cold: string,
  logFile: string,
): Promise<EditCheck> {
  const differences = await bookDifferences(edited, cold);
  const checker = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-book/run.ts', '--site', siteDir, '--pdf', edited], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  await writeFile(logFile, `${checker.stdout ?? ''}${checker.stderr ?? ''}`);
  return {differences, checkBook: checker.status === 0};
}
