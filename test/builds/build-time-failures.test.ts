import assert from 'node:assert/strict';
import {readdirSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {before, describe, it} from 'node:test';
import type {PrebuiltIndex} from '../../contracts/build-time';
import {buildSite, copyExampleSite} from '../helpers/site-copy';
import {insertBefore} from '../helpers/text-edit';

/** Every PDF under a directory, hidden and temporary files too. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((file) => /\.pdf|\.part$/.test(file));
}

/**
 * `onError` comes from the environment, so the config file stays the same from build to build:
 * the bundler's persistent cache depends on it, and a changed config makes the next build a cold one.
 */
const BUILD_TIME = "buildTime: {locales: 'default', onError: process.env.BOOK_ON_ERROR === 'warn' ? 'warn' : 'fail'}";

/**
 * `docusaurus build` with `buildTime` where the book cannot be made: the build
 * fails with which book, which doc and why, and leaves no PDF in build/; with
 * `onError: 'warn'` it passes and says what it left out. English only, to keep
 * each build short.
 */
describe('a build whose book cannot be made', {timeout: 30 * 60_000}, () => {
  let siteDir: string;
  const build = (env: NodeJS.ProcessEnv = {}) => buildSite(siteDir, ['--locale', 'en'], env);

  before(async () => {
    siteDir = await copyExampleSite('build-time-failures', (config) =>
      insertBefore(config, "        coverSubtitle: 'User guide',", `        ${BUILD_TIME},\n`),
    );
  });

  it('fails when there is no Chromium, saying how to get one', async () => {
    const outcome = await build({PUPPETEER_EXECUTABLE_PATH: '/nonexistent/chromium'});
    assert.equal(outcome.ok, false, outcome.output);
    assert.match(
      outcome.output,
      /\[docusaurus-plugin-export-pdf\] Could not make the PDFs at build time: PUPPETEER_EXECUTABLE_PATH is set to "\/nonexistent\/chromium", which is not an executable file\. Install Chromium/,
    );
    assert.deepEqual(filesUnder(path.join(siteDir, 'build')), []);
  });

  it('fails past the export deadline, naming the book', async () => {
    const outcome = await build({EXPORT_TIMEOUT_MS: '1000'});
    assert.equal(outcome.ok, false, outcome.output);
    assert.match(outcome.output, /Could not make the PDF of the docs, version Next, locale en at build time: .*did not finish within 1 s/);
    assert.deepEqual(filesUnder(path.join(siteDir, 'build')), []);
  });

  it('fails on a doc that crashes in the browser, naming the doc and its error', async () => {
    await writeFile(
      path.join(siteDir, 'docs', 'crash.mdx'),
      [
        '---',
        'title: Live status',
        '---',
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        '',
        'The status of the service, fetched when the page loads:',
        '',
        "<BrowserOnly>{() => { throw new Error('The status widget failed to load'); }}</BrowserOnly>",
        '',
      ].join('\n'),
    );
    const sidebars = path.join(siteDir, 'sidebars.ts');
    await writeFile(sidebars, insertBefore(await readFile(sidebars, 'utf8'), "    'intro',\n", "    'crash',\n"));
    const outcome = await build();
    assert.equal(outcome.ok, false, outcome.output);
    assert.match(
      outcome.output,
      /Could not make the PDF of the docs, version Next, locale en at build time: .*\/docs\/crash crashed in the browser: The status widget failed to load/,
    );
    assert.deepEqual(filesUnder(path.join(siteDir, 'build')), []);
  });

  it("with onError: 'warn', passes, warns about the book it left out and lists none", async () => {
    const outcome = await build({BOOK_ON_ERROR: 'warn'});
    assert.equal(outcome.ok, true, outcome.output);
    assert.match(
      outcome.output,
      /\[WARNING\].*Could not make the PDF of the docs, version Next, locale en .*crashed in the browser.*left out/,
    );
    const index = JSON.parse(await readFile(path.join(siteDir, 'build', 'pdf', 'index.json'), 'utf8')) as PrebuiltIndex;
    assert.deepEqual(index.books, []);
    assert.deepEqual(filesUnder(path.join(siteDir, 'build')), []);
  });
});
