import assert from 'node:assert/strict';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {MANIFEST_VERSION, builtManifestDir, manifestDir, manifestFile, manifestFileName} from '../../contracts/manifest';
import {EXIT_CODES, toCommandFailure} from '../../server/export-command/command-failure';
import {
  BuildMissingError,
  ManifestNotFoundError,
  ManifestVersionError,
  builtSite,
  defaultLocaleManifest,
  readBuiltManifests,
  readDevManifests,
} from '../../server/manifest';
import {tempDir, testManifest} from '../helpers/fixtures';

describe('reading the site manifests', () => {
  let root: Awaited<ReturnType<typeof tempDir>>;

  before(async () => {
    root = await tempDir('export-pdf-manifest');
  });
  after(async () => root.remove());

  async function write(dir: string, manifest: object, locale = 'en'): Promise<void> {
    await mkdir(dir, {recursive: true});
    await writeFile(path.join(dir, manifestFileName(locale)), JSON.stringify(manifest));
  }

  /** A build as `docusaurus build` leaves it: the default locale's manifest at the top, French in `fr/`. */
  async function buildAt(buildDir: string, title = 'Example Docs'): Promise<void> {
    const en = manifestFile(testManifest({title}));
    await write(builtManifestDir(buildDir), en);
    await write(builtManifestDir(path.join(buildDir, 'fr')), {...en, locale: {...en.locale, current: 'fr'}}, 'fr');
    await mkdir(path.join(buildDir, 'docs', 'intro'), {recursive: true});
  }

  it('reads every locale of a build, with the paths of where the build is, wherever it was built', async () => {
    const siteDir = path.join(root.dir, 'moved');
    await buildAt(path.join(siteDir, 'build'));
    const manifests = await readBuiltManifests(builtSite(siteDir));
    assert.deepEqual([...manifests.keys()], ['en', 'fr']);
    assert.equal(manifests.get('en')!.manifestVersion, MANIFEST_VERSION);
    assert.equal(manifests.get('en')!.outDir, path.join(siteDir, 'build'));
    assert.equal(manifests.get('fr')!.outDir, path.join(siteDir, 'build', 'fr'));
    assert.equal(manifests.get('fr')!.siteDir, siteDir);
    assert.equal(defaultLocaleManifest(manifests).locale.current, 'en');
  });

  it('writes no absolute path into the file', () => {
    const file = JSON.stringify(manifestFile(testManifest()));
    assert.doesNotMatch(file, /"\/site/);
  });

  it('serves build/ by default, whatever `--out-dir` built last, and the build --dir names', async () => {
    const siteDir = path.join(root.dir, 'out-dir');
    await buildAt(path.join(siteDir, 'build'), 'Site build');
    await buildAt(path.join(root.dir, 'elsewhere'), 'Built elsewhere');
    assert.equal((await readBuiltManifests(builtSite(siteDir))).get('en')!.title, 'Site build');
    const named = await readBuiltManifests(builtSite(siteDir, path.join(root.dir, 'elsewhere')));
    assert.equal(named.get('en')!.title, 'Built elsewhere');
    assert.equal(named.get('en')!.siteDir, siteDir);
  });

  it('says the build is missing, naming it and --dir', async () => {
    await assert.rejects(readBuiltManifests(builtSite(path.join(root.dir, 'unbuilt'))), (error: unknown) => {
      assert.ok(error instanceof BuildMissingError);
      assert.match(error.message, /unbuilt\/build is missing: run `docusaurus build` first, or name the build with --dir/);
      assert.equal(toCommandFailure(error).exitCode, EXIT_CODES.setup);
      return true;
    });
  });

  it('says to build the site with the plugin when the build has no manifest', async () => {
    const siteDir = path.join(root.dir, 'without-plugin');
    await mkdir(path.join(siteDir, 'build', 'docs'), {recursive: true});
    await assert.rejects(readBuiltManifests(builtSite(siteDir)), ManifestNotFoundError);
  });

  it('refuses a manifest of another plugin version, naming both and saying to rebuild', async () => {
    const siteDir = path.join(root.dir, 'older');
    await write(builtManifestDir(path.join(siteDir, 'build')), {...manifestFile(testManifest()), manifestVersion: 3});
    await assert.rejects(readBuiltManifests(builtSite(siteDir)), (error: unknown) => {
      assert.ok(error instanceof ManifestVersionError);
      assert.match(
        error.message,
        new RegExp(`format version 3; this server \\(docusaurus-plugin-export-pdf \\d+\\.\\d+\\.\\d+\\) reads version ${MANIFEST_VERSION}`),
      );
      assert.match(error.detail!, /rebuild the site \(docusaurus build\)/);
      assert.equal(toCommandFailure(error).exitCode, EXIT_CODES.setup);
      return true;
    });
  });

  it('refuses a manifest without a version', async () => {
    const siteDir = path.join(root.dir, 'unversioned');
    const {manifestVersion: _, ...unversioned} = manifestFile(testManifest());
    await write(manifestDir(siteDir), unversioned);
    await assert.rejects(readDevManifests(siteDir), /format version "none"/);
  });

  it('reads the dev server’s manifests from .docusaurus, or says to build', async () => {
    const siteDir = path.join(root.dir, 'dev');
    await write(manifestDir(siteDir), manifestFile(testManifest()));
    const manifests = await readDevManifests(siteDir);
    assert.equal(manifests.get('en')!.siteDir, siteDir);
    await assert.rejects(readDevManifests(path.join(root.dir, 'nothing')), ManifestNotFoundError);
  });
});
