// A build made in CI and copied to a server, or into a container image, without the site's
// sources: the build carries the plugin's manifest (contracts/manifest.ts), so `serve --dir`
// serves and exports it as it does the site it was built in.
import assert from 'node:assert/strict';
import {cp, mkdir} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {PdfReader, type OutlineEntry} from '../../scripts/check-book/pdf-book';
import {tempDir} from '../helpers/fixtures';
import {pdfText} from '../helpers/pdf';
import {EXAMPLE_SITE, startServerEntry, type RunningEntry} from '../helpers/server-process';

const EXPORT_TIMEOUT = 120_000;
/** One category: a book with a cover, a contents page and nested bookmarks, in a few seconds. */
const SELECTION = 'category=Guides';

async function exportBook(server: RunningEntry, fileName: string): Promise<string> {
  const response = await fetch(`${server.apiUrl}/export-pdf?fileName=${fileName}&${SELECTION}`, {
    signal: AbortSignal.timeout(EXPORT_TIMEOUT),
  });
  const body = (await response.json()) as {pdfPath?: string};
  assert.equal(response.status, 200, JSON.stringify(body) + server.output().slice(-3000));
  return body.pdfPath!;
}

type Bookmark = {title: string; page?: number; children: Bookmark[]};
const bookmarks = (entries: OutlineEntry[]): Bookmark[] =>
  entries.map((entry) => ({title: entry.title, page: entry.dest?.page, children: bookmarks(entry.children)}));

async function readBook(file: string): Promise<{text: string; outline: Bookmark[]}> {
  const reader = await PdfReader.open(file);
  try {
    return {text: await pdfText(file), outline: bookmarks((await reader.readBook()).outline)};
  } finally {
    await reader.close();
  }
}

describe('a build copied away from its sources', {timeout: 4 * EXPORT_TIMEOUT}, () => {
  let copies: Awaited<ReturnType<typeof tempDir>>;
  const servers: RunningEntry[] = [];

  before(async () => {
    copies = await tempDir('export-pdf-travelling-build');
  });
  after(async () => {
    for (const server of servers) assert.equal(await server.stop(), 0, server.output().slice(-2000));
    await copies.remove();
  });

  it('serves with --dir and exports the same book, text and bookmarks, as the site it was built in', async () => {
    // The server's folder holds nothing of the site; the build is elsewhere, as a deploy step leaves it.
    const serverDir = path.join(copies.dir, 'server');
    const build = path.join(copies.dir, 'artifact', 'build');
    await mkdir(serverDir);
    await cp(path.join(EXAMPLE_SITE, 'build'), build, {recursive: true});

    const original = await startServerEntry('serve');
    servers.push(original);
    const moved = await startServerEntry('serve', {siteDir: serverDir, args: ['--dir', build]});
    servers.push(moved);
    assert.ok(moved.output().includes(`(the build in ${build})`), moved.output());
    const published = await fetch(`${moved.siteUrl}/.docusaurus-plugin-export-pdf/default/site-manifest.en.json`);
    assert.equal(published.status, 404, 'the site server does not publish the manifest');

    const [there, here] = await Promise.all([exportBook(original, 'original'), exportBook(moved, 'moved')]);
    const [expected, actual] = await Promise.all([readBook(there), readBook(here)]);
    assert.ok(expected.outline.length > 0 && expected.text.includes('Guides'));
    assert.deepEqual(actual.outline, expected.outline);
    // The cover's date is the export's; both ran the same minute.
    assert.equal(actual.text, expected.text);
  });

  it('refuses to start on a folder with no build, naming the build and --dir', async () => {
    await assert.rejects(startServerEntry('serve', {siteDir: copies.dir, readyTimeoutMs: 20_000}), (error: Error) => {
      assert.match(
        error.message,
        /The build directory .*export-pdf-travelling-build[^/]*\/build is missing: run `docusaurus build` first, or name the build with --dir/,
      );
      return true;
    });
  });
});
