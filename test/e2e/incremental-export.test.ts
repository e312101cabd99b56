import assert from 'node:assert/strict';
import {cp, readFile, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {descendantPids} from '../helpers/process-tree';
import {tempDir} from '../helpers/fixtures';
import {pageTexts, pdfStructure} from '../helpers/pdf-structure';
import {EXAMPLE_SITE, startServerEntry, type RunningEntry} from '../helpers/server-process';

const EXPORT_TIMEOUT = 180_000;
/** A doc of the book's first half, edited in the test's copy of the build as a rebuild after an edit would write it. */
const EDITED_DOC = path.join('docs', 'guides', 'retries', 'index.html');
const ADDED = '<p>A paragraph added since the last export, which pushes the rest of this doc down.</p>'.repeat(6);

type Exported = {file: string; bytes: Buffer; log: string};

async function exportBook(server: RunningEntry, fileName: string): Promise<Exported> {
  const before = server.output().length;
  const response = await fetch(`${server.apiUrl}/export-pdf?fileName=${fileName}`, {signal: AbortSignal.timeout(EXPORT_TIMEOUT)});
  const body = await response.text();
  assert.equal(response.status, 200, body + server.output().slice(-3000));
  const file = path.join(server.documentsDir, `${fileName}.pdf`);
  return {file, bytes: await readFile(file), log: server.output().slice(before)};
}

/** `printed=` and `parts=` of the export's phases line. */
function prints(log: string): {printed: number; parts: number; reused: boolean} {
  const line = /phases .*/.exec(log)?.[0] ?? '';
  return {
    printed: Number(/printed=(\d+)/.exec(line)?.[1]),
    parts: Number(/parts=(\d+)/.exec(line)?.[1]),
    reused: line.includes('book=reused'),
  };
}

/** What must not differ between two books of the same site: text per page, bookmarks, where links go. */
async function assertSameBook(actual: Exported, expected: Exported): Promise<void> {
  const [got, want] = [await pageTexts(actual.file), await pageTexts(expected.file)];
  assert.equal(got.length, want.length, 'pages');
  got.forEach((text, page) => assert.equal(text, want[page], `text of page ${page + 1}`));
  const [gotStructure, wantStructure] = [await pdfStructure(actual.bytes), await pdfStructure(expected.bytes)];
  assert.deepEqual(gotStructure.outline, wantStructure.outline, 'bookmarks and their pages');
  assert.deepEqual(gotStructure.links, wantStructure.links, 'links and where they go');
}

describe('re-exports: the print cache prints only what changed', {timeout: 900_000}, () => {
  let cache: Awaited<ReturnType<typeof tempDir>>;
  // The servers serve a copy of the example's build: the tests that run beside this file read the original.
  let build: Awaited<ReturnType<typeof tempDir>>;
  let editedPage: string;
  let original: string;
  const servers: RunningEntry[] = [];
  const start = async (env: NodeJS.ProcessEnv = {}) => {
    const server = await startServerEntry('serve', {env: {PRINT_CACHE_DIR: cache.dir, ...env}, args: ['--dir', build.dir]});
    servers.push(server);
    return server;
  };
  let first: Exported;
  let edited: Exported;

  before(async () => {
    cache = await tempDir('incremental-export-cache');
    build = await tempDir('incremental-export-build');
    await cp(path.join(EXAMPLE_SITE, 'build'), build.dir, {recursive: true});
    editedPage = path.join(build.dir, EDITED_DOC);
    original = await readFile(editedPage, 'utf8');
  });
  after(async () => {
    for (const server of servers) await server.stop();
    await cache.remove();
    await build.remove();
  });

  it('prints every part the first time, then serves the same book again when nothing changed', {timeout: EXPORT_TIMEOUT * 2}, async () => {
    const server = await start();
    first = await exportBook(server, 'first');
    const cold = prints(first.log);
    assert.ok(cold.parts >= 2, first.log);
    assert.equal(cold.printed, cold.parts);
    const again = await exportBook(server, 'again');
    assert.deepEqual(prints(again.log), {printed: 0, parts: cold.parts, reused: true}, again.log);
    assert.ok(again.bytes.equals(first.bytes), 'the same book, byte for byte');
  });

  it(
    'reprints only the part of the edited doc, and the book equals a cold export of the edited site',
    {timeout: EXPORT_TIMEOUT * 2},
    async () => {
      const page = original.replace(/<\/header>/, `</header>${ADDED}`);
      assert.notEqual(page, original, 'the edited page has a header to add after');
      await writeFile(editedPage, page);
      edited = await exportBook(servers[0]!, 'edited');
      const {printed, parts, reused} = prints(edited.log);
      assert.equal(reused, false);
      assert.equal(printed, 1, `one of ${parts} parts printed again:\n${edited.log}`);
      const written = /content written at .* \((\d+) of (\d+) parts as written before, (\d+) of (\d+) of the cover and TOC pieces\)/.exec(
        edited.log,
      );
      const [reusedParts, , reusedFront, front] = written?.slice(1).map(Number) ?? [];
      assert.deepEqual([reusedParts, reusedFront], [parts - 1, front], `the merge copied only the edited part anew:\n${edited.log}`);
      assert.match((await pageTexts(edited.file)).join('\n'), /A paragraph added since the last export/);
      const uncached = await start({PRINT_CACHE_MAX_MB: '0'});
      const cold = await exportBook(uncached, 'edited-cold');
      assert.equal(prints(cold.log).printed, prints(cold.log).parts);
      await assertSameBook(edited, cold);
    },
  );

  it('prints again what a damaged cache entry held, and the book is still right', {timeout: EXPORT_TIMEOUT}, async () => {
    await writeFile(editedPage, original);
    for (const name of (await readdir(cache.dir)).filter((entry) => entry.endsWith('.bin'))) {
      const file = path.join(cache.dir, name);
      const stored = await readFile(file);
      stored[Math.floor(stored.length / 2)] ^= 0xff;
      await writeFile(file, stored);
    }
    const repaired = await exportBook(servers[0]!, 'repaired');
    assert.match(repaired.log, /print cache: [0-9a-f]{64}\.bin is damaged; removed, printed again/);
    assert.equal(prints(repaired.log).printed, prints(repaired.log).parts);
    await assertSameBook(repaired, first);
  });

  it('is right after an export killed halfway, and when two servers share it at once', {timeout: EXPORT_TIMEOUT * 2}, async () => {
    await writeFile(editedPage, original.replace(/<\/header>/, `</header>${ADDED}`));
    const shared = await tempDir('incremental-export-shared-cache');
    try {
      const doomed = await start({PRINT_CACHE_DIR: shared.dir});
      const killed = fetch(`${doomed.apiUrl}/export-pdf?fileName=killed`).catch(() => undefined);
      // Killed as soon as the first part is in the cache: the others are being printed or written.
      const deadline = Date.now() + EXPORT_TIMEOUT;
      while (!(await readdir(shared.dir)).some((name) => name.endsWith('.bin')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const pid of [doomed.child.pid!, ...descendantPids(doomed.child.pid!)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone with its parent.
        }
      }
      await killed;
      const day = new Date().toDateString();
      const [one, two] = [await start({PRINT_CACHE_DIR: shared.dir}), await start({PRINT_CACHE_DIR: shared.dir})];
      const [a, b] = await Promise.all([exportBook(one, 'shared-a'), exportBook(two, 'shared-b')]);
      await assertSameBook(a, edited);
      await assertSameBook(b, edited);
      // A server on other ports (as the CLI, which serves the build on a free port each run) finds the book.
      let other = await exportBook(await start({PRINT_CACHE_DIR: shared.dir}), 'shared-c');
      // The cover shows the date, so a book is kept for its day only: in a run across midnight
      // (it happened in CI) the book made after it is the one to find.
      if (!prints(other.log).reused && new Date().toDateString() !== day) {
        other = await exportBook(await start({PRINT_CACHE_DIR: shared.dir}), 'shared-d');
      }
      assert.equal(prints(other.log).reused, true, other.log);
      assert.deepEqual(
        (await readdir(shared.dir)).filter((name) => !name.endsWith('.bin')),
        [],
        'nothing half-written left',
      );
    } finally {
      await shared.remove();
    }
  });
});
