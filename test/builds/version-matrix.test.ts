// The plugin on the other Docusaurus 3 minors it claims (package.json peerDependencies), each a
// fresh create-docusaurus site built from the packed tarball: the newest is install.test.ts's.
// The sites install and build side by side, from one npm cache and one tarball.
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {builtManifestDir} from '../../contracts/manifest';
import {tempDir} from '../helpers/fixtures';
import {TEMPLATE_SIDEBAR, TEMPLATE_TEXTS} from '../helpers/install-site';
import {packPackage} from '../helpers/packed-package';
import {pdfText} from '../helpers/pdf';
import {runCommand} from '../helpers/run-command';
import {insertAfterWithin, insertBefore} from '../helpers/text-edit';
import {VERSION_MATRIX, type MatrixSite} from '../helpers/version-matrix';

const PACKAGE = 'docusaurus-plugin-export-pdf';
const env = {...process.env, PUPPETEER_SKIP_DOWNLOAD: 'true'};
const SITE_TIMEOUT = 30 * 60_000;

/** A JavaScript template's ESM config, rewritten as `module.exports`, as older sites keep it. */
function asCommonJs(config: string): string {
  const required = config
    .replace(
      "import {themes as prismThemes} from 'prism-react-renderer';",
      "const {themes: prismThemes} = require('prism-react-renderer');",
    )
    .replace(/^export default config;$/m, 'module.exports = config;');
  assert.doesNotMatch(required, /^(import|export) /m, 'the template config is ESM as expected');
  return required;
}

/** The README's step 2, and for a site that ejected ComponentTypes, the README's line in that file. */
async function addPlugin(siteDir: string, site: MatrixSite): Promise<void> {
  const configFile = path.join(siteDir, site.config === 'TypeScript' ? 'docusaurus.config.ts' : 'docusaurus.config.js');
  let config = await readFile(configFile, 'utf8');
  if (site.config === 'CommonJS') config = asCommonJs(config);
  config = insertBefore(config, '\n  themeConfig:', `\n  plugins: ['${PACKAGE}'],\n`);
  config = insertAfterWithin(config, '    navbar: {', 'items: [', `\n        {type: 'custom-exportPdf', position: 'right'},`);
  await writeFile(configFile, config);
  if (!site.swizzledNavbar) return;
  await runCommand(
    'npx',
    ['docusaurus', 'swizzle', '@docusaurus/theme-classic', 'NavbarItem/ComponentTypes', '--eject', '--danger', '--javascript'],
    {
      cwd: siteDir,
      env,
    },
  );
  const swizzled = path.join(siteDir, 'src', 'theme', 'NavbarItem', 'ComponentTypes.js');
  const types = await readFile(swizzled, 'utf8');
  await writeFile(
    swizzled,
    insertAfterWithin(
      types,
      'const ComponentTypes',
      '= {',
      `\n  'custom-exportPdf': require('@theme/NavbarItem/ExportPdfNavbarItem').default,`,
    ),
  );
}

describe('the plugin on each Docusaurus 3 minor of the matrix', {timeout: SITE_TIMEOUT, concurrency: true}, () => {
  let work: Awaited<ReturnType<typeof tempDir>>;
  let tarball: string;

  before(async () => {
    work = await tempDir('export-pdf-versions');
    await mkdir(path.join(work.dir, 'pack'));
    tarball = await packPackage(path.join(work.dir, 'pack'), env);
  });
  after(async () => work?.remove());

  for (const site of VERSION_MATRIX.filter((entry) => entry.test === 'version-matrix')) {
    const label = `${site.docusaurus}, React ${site.react}, ${site.config} config${site.swizzledNavbar ? ', swizzled NavbarItem/ComponentTypes' : ''}`;
    it(`${label}: installs without --legacy-peer-deps, builds with the button, exports the book`, {timeout: SITE_TIMEOUT}, async () => {
      const name = `site-${site.docusaurus.replace(/\./g, '-')}`;
      const language = site.config === 'TypeScript' ? '--typescript' : '--javascript';
      await runCommand('npx', ['--yes', `create-docusaurus@${site.docusaurus}`, name, 'classic', language, '--skip-install'], {
        cwd: work.dir,
        env,
      });
      const siteDir = path.join(work.dir, name);
      const packageFile = path.join(siteDir, 'package.json');
      const sitePackage = JSON.parse(await readFile(packageFile, 'utf8'));
      assert.equal(sitePackage.dependencies['@docusaurus/core'], site.docusaurus);
      assert.match(sitePackage.dependencies.react, new RegExp(`^\\^${site.react}\\.`));
      if (site.webpack) sitePackage.overrides = {webpack: site.webpack};
      await writeFile(packageFile, `${JSON.stringify(sitePackage, null, 2)}\n`);
      // npm refuses a peer range the site is outside of (ERESOLVE): installing plainly checks the claim.
      // --prefer-offline: package data already in the npm cache is not asked of the registry again
      // (a fresh site without a lock file: 75 s against 110 s here).
      await runCommand('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
        cwd: siteDir,
        env,
        timeoutMs: SITE_TIMEOUT,
      });
      await addPlugin(siteDir, site);

      // --no-minify: minifying is webpack's and Terser's work, which no assertion here reads (the
      // markup, the manifest and the book); install.test.ts builds its site minified, as users do.
      await runCommand('npx', ['docusaurus', 'build', '--no-minify'], {cwd: siteDir, env: {...env, CI: 'true'}, timeoutMs: SITE_TIMEOUT});
      const intro = await readFile(path.join(siteDir, 'build', 'docs', 'intro', 'index.html'), 'utf8');
      assert.match(intro, /<button[^>]*>Export PDF<\/button>/, 'the navbar has the button, rendered at build time');
      assert.ok(
        existsSync(path.join(builtManifestDir(path.join(siteDir, 'build')), 'site-manifest.en.json')),
        'the build holds its manifest',
      );

      const file = path.join(work.dir, `${name}.pdf`);
      await runCommand('npx', ['docusaurus', 'export-pdf', '--out', file], {cwd: siteDir, env, timeoutMs: 5 * 60_000});
      const text = (await pdfText(file)).replace(/\s+/g, ' ');
      for (const {title} of TEMPLATE_SIDEBAR) assert.ok(text.includes(title), `the book has "${title}"`);
      for (const {text: words} of TEMPLATE_TEXTS) assert.ok(text.includes(words), `the book says "${words}"`);
    });
  }
});
