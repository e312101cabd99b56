import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {after, describe, it} from 'node:test';
import {chromium, type Browser} from 'playwright-core';
import type {PrebuiltIndex} from '../../contracts/build-time';
import {findChromium, sandboxArgs} from '../../server/chromium';
import {freePort} from '../../server/listen';
import {tempDir} from '../helpers/fixtures';
import {addedFootprint, assertStatedAddition, installedOptionalPeers} from '../helpers/install-footprint';
import {startNpmScriptServer, type NpmScriptServer} from '../helpers/npm-script-server';
import {packPackage, tarballFiles, tarballText} from '../helpers/packed-package';
import {collapse, pageTexts, pdfStructure} from '../helpers/pdf-structure';
import {commandLine, descendantPids} from '../helpers/process-tree';
import {isRunning} from '../helpers/processes';
import {runCommand} from '../helpers/run-command';
import {serveBuild} from '../helpers/site-copy';
import {StepTimings} from '../helpers/step-timings';
import {insertAfterWithin, insertBefore} from '../helpers/text-edit';
import {
  README_INSTALL_LINES,
  TEMPLATE_SIDEBAR,
  TEMPLATE_TEXTS,
  readmeInstallSection,
  readmeStaticSection,
  themeSources,
} from '../helpers/install-site';
import {servicesButBrowser} from '../helpers/wait-healthy';
import {NEWEST} from '../helpers/version-matrix';

const PACKAGE = 'docusaurus-plugin-export-pdf';
const CREATE_DOCUSAURUS = `create-docusaurus@${NEWEST.docusaurus}`;
const EXPORT_TIMEOUT = 240_000;
/** A cold npm cache downloads a whole Docusaurus site; a warm one takes a minute. */
const STEP_TIMEOUT = 20 * 60_000;

describe(
  'installing the packed plugin into a fresh create-docusaurus site, as the README says',
  {skip: process.env.SKIP_INSTALL_TEST === '1' && 'SKIP_INSTALL_TEST=1', timeout: 60 * 60_000},
  () => {
    const timings = new StepTimings('install test');
    // As the README says: no PUPPETEER_SKIP_DOWNLOAD, since nothing the plugin installs downloads a
    // browser (the full Puppeteer comes only with the optional docs-to-pdf engine).
    const {PUPPETEER_SKIP_DOWNLOAD: _skip, ...env} = process.env;
    let work: {dir: string; remove: () => Promise<void>};
    let tarball: string;
    let siteDir: string;
    let documentsDir: string;
    let server: NpmScriptServer | undefined;
    let browser: Browser | undefined;
    let failedStep: string | undefined;

    /** A step of the install; once one fails the later ones are skipped, since each builds on the one before. */
    function step(name: string, body: () => Promise<void>) {
      it(name, {timeout: STEP_TIMEOUT}, async (t) => {
        if (failedStep) return t.skip(`"${failedStep}" failed`);
        try {
          await body();
        } catch (error) {
          failedStep = name;
          if (server) console.log(`npm run serve said:\n${server.output().slice(-4000)}`);
          throw error;
        }
      });
    }

    after(async () => {
      await browser?.close();
      await server?.stop();
      console.log(timings.summary());
      await work?.remove();
    });

    step('npm pack: a tarball with lib/, the theme sources, the bin, and no tests or example site', async () => {
      work = await tempDir('export-pdf-install');
      await mkdir(path.join(work.dir, 'pack'));
      tarball = await timings.time('pack', () => packPackage(path.join(work.dir, 'pack'), env));
      const files = new Set(await tarballFiles(tarball));
      const manifest = JSON.parse(await tarballText(tarball, 'package.json')) as {
        main: string;
        types: string;
        bin: Record<string, string>;
      };
      for (const file of [
        manifest.main,
        manifest.types,
        ...Object.values(manifest.bin),
        'lib/server/cli.js',
        'lib/client/route-signal.js',
      ]) {
        assert.ok(files.has(file.replace(/^\.\//, '')), `${file} is in the tarball`);
      }
      for (const {source, compiled} of themeSources()) {
        assert.ok(files.has(source), `${source} is in the tarball, for swizzle --typescript`);
        assert.ok(files.has(compiled), `${compiled} is in the tarball`);
      }
      const unwanted = [...files].filter((file) => /^(test|example-site|scripts|\.ci)\//.test(file) || /\.test\.tsx?$/.test(file));
      assert.deepEqual(unwanted, [], 'no tests, example site or repository scripts');
      console.log(`tarball: ${files.size} files`);
    });

    step(`npx ${CREATE_DOCUSAURUS} creates a new classic TypeScript site`, async () => {
      // --yes: npx would otherwise ask before fetching create-docusaurus, and nobody answers here.
      await timings.time('create', () =>
        runCommand('npx', ['--yes', CREATE_DOCUSAURUS, 'my-site', 'classic', '--typescript', '--skip-install'], {cwd: work.dir, env}),
      );
      siteDir = path.join(work.dir, 'my-site');
      for (const {file, title} of TEMPLATE_SIDEBAR) {
        const text = await readFile(path.join(siteDir, file), 'utf8');
        const titled = file.endsWith('.json') ? JSON.parse(text).label === title : text.split('\n').includes(`# ${title}`);
        assert.ok(titled, `${file} is titled "${title}"; if the template changed, update TEMPLATE_SIDEBAR`);
      }
    });

    it('the README shows the very install command, config and scripts this test uses', async () => {
      const section = await readmeInstallSection();
      for (const line of README_INSTALL_LINES) {
        assert.ok(section.includes(line), `the README's install section says ${line}`);
      }
      assert.doesNotMatch(section, /PUPPETEER_SKIP_DOWNLOAD=true npm install docusaurus/, 'nothing it installs downloads a browser');
    });

    step(`npm install ${PACKAGE} (the packed tarball)`, async () => {
      const packageFile = path.join(siteDir, 'package.json');
      const sitePackage = JSON.parse(await readFile(packageFile, 'utf8'));
      // Not a step for users: this machine's registry lacks @docsearch/core@4.7.1, which
      // @docsearch/react 4.7.1 (Docusaurus 3.10's search) needs, so the site pins 4.7.0.
      sitePackage.overrides = {'@docsearch/react': '4.7.0'};
      await writeFile(packageFile, `${JSON.stringify(sitePackage, null, 2)}\n`);
      // The site's own packages come with the plugin's in one install, as for a site cloned
      // without node_modules. --prefer-offline, not a README step: package data already in the
      // npm cache is not asked of the registry again.
      await timings.time('install', () => runCommand('npm', ['install', '--prefer-offline', tarball], {cwd: siteDir, env}));
      const added = await addedFootprint(siteDir, PACKAGE);
      console.log(`install footprint: ${added.summary}`);
      assertStatedAddition(added, await readmeInstallSection());
      const installed = JSON.parse(await readFile(path.join(siteDir, 'package.json'), 'utf8'));
      assert.ok(installed.dependencies[PACKAGE], `${PACKAGE} is a dependency of the site`);
      assert.ok(existsSync(path.join(siteDir, 'node_modules', '.bin', 'docusaurus-export-pdf')), 'npm linked the bin');
      assert.deepEqual(installedOptionalPeers(siteDir), [], 'no package of the job queue, the bucket store or the docs-to-pdf engine');
    });

    step('docusaurus.config.ts and the package.json scripts, edited as the README says', async () => {
      const configFile = path.join(siteDir, 'docusaurus.config.ts');
      let config = await readFile(configFile, 'utf8');
      assert.doesNotMatch(config, /^\s*plugins:/m, 'the generated config has no plugins of its own yet');
      config = insertBefore(config, '\n  themeConfig: {', `\n  plugins: ['${PACKAGE}'],\n`);
      config = insertAfterWithin(config, '    navbar: {', 'items: [', `\n        {type: 'custom-exportPdf', position: 'right'},`);
      await writeFile(configFile, config);

      const packageFile = path.join(siteDir, 'package.json');
      const sitePackage = JSON.parse(await readFile(packageFile, 'utf8'));
      assert.equal(sitePackage.scripts.build, 'docusaurus build', 'the generated build script is the one the README shows');
      sitePackage.scripts.serve = 'docusaurus-export-pdf serve';
      sitePackage.scripts.start = 'docusaurus-export-pdf start';
      await writeFile(packageFile, `${JSON.stringify(sitePackage, null, 2)}\n`);
    });

    step('npm run build', async () => {
      await timings.time('build', () => runCommand('npm', ['run', 'build'], {cwd: siteDir, env}));
      assert.ok(existsSync(path.join(siteDir, 'build', 'docs', 'intro', 'index.html')), 'the docs are built');
    });

    step('npm run serve answers /health with 200', async () => {
      documentsDir = path.join(work.dir, 'pdfs');
      await mkdir(documentsDir);
      server = await timings.time('serve', () => startNpmScriptServer(siteDir, 'serve', {bin: 'docusaurus-export-pdf', documentsDir, env}));
      const health = await (await fetch(`${server.apiUrl}/health`)).json();
      assert.deepEqual(servicesButBrowser(health.services), {api: 'running', site: 'running', fonts: 'complete', store: 'running'});
    });

    step('GET /export-pdf writes a complete PDF of every template doc in sidebar order', async () => {
      const response = await timings.time('export', () =>
        fetch(`${server!.apiUrl}/export-pdf?fileName=handbook`, {signal: AbortSignal.timeout(EXPORT_TIMEOUT)}),
      );
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(body.fileName, 'handbook.pdf');
      const file = path.join(documentsDir, 'handbook.pdf');

      const download = await fetch(`${server!.siteUrl}/${body.pdfUrl}`);
      assert.equal(download.status, 200);
      const bytes = Buffer.from(await download.arrayBuffer());
      assert.deepEqual(bytes, await readFile(file), 'the site serves the PDF it wrote');
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      assert.match(bytes.subarray(-32).toString(), /%%EOF\s*$/);

      const info = await promisify(execFile)('pdfinfo', [file]);
      assert.equal(info.stderr, '', 'pdfinfo reads the PDF without complaint');
      const pages = Number(/^Pages:\s+(\d+)$/m.exec(info.stdout)?.[1]);
      console.log(`PDF: ${pages} pages, ${bytes.length} bytes`);
      assert.ok(
        pages >= TEMPLATE_SIDEBAR.length + 2,
        `${pages} pages: a cover, a table of contents and ${TEMPLATE_SIDEBAR.length} chapters`,
      );

      const texts = (await pageTexts(file)).map(collapse);
      assert.match(texts[0]!, /My Site/, 'the cover shows the site title');
      assert.match(texts[0]!, /Dinosaurs are cool/, 'the cover shows the tagline');
      const {outline} = await pdfStructure(bytes);
      let previous = {index: -1, page: 0};
      for (const {title} of TEMPLATE_SIDEBAR) {
        const index = outline.findIndex((entry, at) => at > previous.index && entry.title === title);
        assert.ok(
          index >= 0,
          `"${title}" is in the outline after the doc before it: ${JSON.stringify(outline.map((entry) => entry.title))}`,
        );
        const {page} = outline[index]!;
        assert.ok(page >= previous.page, `"${title}" starts on page ${page + 1}, not before the doc before it`);
        assert.ok(texts[page]!.includes(title), `page ${page + 1} shows "${title}"`);
        previous = {index, page};
      }
      for (const {title, text} of TEMPLATE_TEXTS) {
        const {page} = outline.find((entry) => entry.title === title)!;
        assert.ok(texts[page]!.includes(text), `page ${page + 1} holds the text of "${title}"`);
      }
    });

    step('a doc page shows Export PDF in the navbar, and clicking it exports', async () => {
      browser = await chromium.launch({executablePath: findChromium(), args: sandboxArgs()});
      const page = await browser.newPage({viewport: {width: 1280, height: 800}});
      await page.goto(`${server!.siteUrl}/docs/intro`);
      const button = page.locator('.navbar').getByRole('button', {name: 'Export PDF'});
      assert.equal(await button.isVisible(), true, 'the navbar has the Export PDF button');
      const link = page.getByTestId('export-pdf-download');
      await timings.time('browser export', async () => {
        await button.click();
        await link.waitFor({timeout: EXPORT_TIMEOUT});
      });
      const href = (await link.getAttribute('href')) ?? '';
      assert.match(href, /^\/export-[^/]+\.pdf$/, 'the notice links the new PDF');
      const saved = await readFile(path.join(documentsDir, decodeURIComponent(href.slice(1))));
      assert.equal(saved.subarray(0, 5).toString(), '%PDF-');
      await browser.close();
      browser = undefined;
    });

    step(
      "static hosting: with buildTime: true, npm run build makes the book and a plain docusaurus serve's button downloads it",
      async () => {
        const section = await readmeStaticSection();
        assert.ok(section.includes(`plugins: [['${PACKAGE}', {buildTime: true}]],`), 'the README shows the config this step uses');
        const configFile = path.join(siteDir, 'docusaurus.config.ts');
        // An API port where nothing listens: this is a static host.
        const apiPort = await freePort();
        const config = (await readFile(configFile, 'utf8')).replace(
          `plugins: ['${PACKAGE}'],`,
          `plugins: [['${PACKAGE}', {buildTime: true, apiPort: ${apiPort}}]],`,
        );
        await writeFile(configFile, config);
        const output = await timings.time('static build', () => runCommand('npm', ['run', 'build'], {cwd: siteDir, env, withStderr: true}));
        assert.match(
          output,
          /\[docusaurus-plugin-export-pdf\] 1\/1 the docs, version Next, locale en: pdf\/docs-current-en\.pdf, \d+ pages/,
        );
        const index = JSON.parse(await readFile(path.join(siteDir, 'build', 'pdf', 'index.json'), 'utf8')) as PrebuiltIndex;
        assert.deepEqual(
          index.books.map((book) => book.file),
          ['docs-current-en.pdf'],
        );
        const port = await freePort();
        const bin = path.join(siteDir, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
        const serve = await serveBuild(siteDir, port, `http://localhost:${port}/`, bin);
        browser = await chromium.launch({executablePath: findChromium(), args: sandboxArgs()});
        try {
          const page = await browser.newPage({acceptDownloads: true});
          await page.goto(`http://localhost:${port}/docs/intro`);
          const download = page.waitForEvent('download', {timeout: 30_000});
          await page.locator('.navbar').getByRole('button', {name: 'Export PDF'}).click();
          assert.equal((await download).suggestedFilename(), 'docs-current-en.pdf');
        } finally {
          await browser.close();
          browser = undefined;
          await serve.stop();
        }
      },
    );

    step('SIGTERM to the server ends npm run serve with exit code 0 and leaves no Chromium behind', async () => {
      assert.ok(server!.serverPid(), 'the server entry runs below npm');
      const below = descendantPids(server!.child.pid!);
      const browsers = below.filter((pid) => /chrom/i.test(commandLine(pid)));
      assert.ok(browsers.length > 0, 'the warm Chromium of the exports runs below npm');
      const code = await timings.time('stop', () => server!.stop());
      const output = server!.output();
      server = undefined;
      assert.equal(code, 0, `npm run serve exits 0:\n${output.slice(-3000)}`);
      const deadline = Date.now() + 10_000;
      while (below.some(isRunning) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(below.filter(isRunning).map(commandLine), [], 'no process of the server is left');
    });
  },
);
