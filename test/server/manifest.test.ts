import assert from 'node:assert/strict';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {MANIFEST_VERSION, manifestDir, manifestFileName} from '../../contracts/manifest';
import {EXIT_CODES, toCommandFailure} from '../../server/export-command/command-failure';
import {ManifestNotFoundError, ManifestVersionError, readManifests} from '../../server/manifest';
import {tempDir, testManifest} from '../helpers/fixtures';

describe('reading the site manifests', () => {
  let root: Awaited<ReturnType<typeof tempDir>>;

  before(async () => {
    root = await tempDir('export-pdf-manifest');
  });
  after(async () => root.remove());

  async function siteWith(name: string, manifest: object): Promise<string> {
    const siteDir = path.join(root.dir, name);
    await mkdir(manifestDir(siteDir), {recursive: true});
    await writeFile(path.join(manifestDir(siteDir), manifestFileName('en')), JSON.stringify(manifest));
    return siteDir;
  }

  it('reads a manifest of this plugin version, by locale', async () => {
    const manifests = await readManifests(await siteWith('current', testManifest()));
    assert.equal(manifests.get('en')?.manifestVersion, MANIFEST_VERSION);
  });

  it('refuses a manifest of another plugin version, naming both and saying to rebuild', async () => {
    const siteDir = await siteWith('older', {...testManifest(), manifestVersion: 2});
    await assert.rejects(readManifests(siteDir), (error: unknown) => {
      assert.ok(error instanceof ManifestVersionError);
      assert.match(
        error.message,
        new RegExp(`format version 2; this server \\(docusaurus-plugin-export-pdf \\d+\\.\\d+\\.\\d+\\) reads version ${MANIFEST_VERSION}`),
      );
      assert.match(error.detail!, /rebuild the site \(docusaurus build\)/);
      assert.equal(toCommandFailure(error).exitCode, EXIT_CODES.setup);
      return true;
    });
  });

  it('refuses a manifest without a version', async () => {
    const {manifestVersion: _, ...unversioned} = testManifest();
    await assert.rejects(readManifests(await siteWith('unversioned', unversioned)), /format version "none"/);
  });

  it('says to build the site when there is no manifest', async () => {
    await assert.rejects(readManifests(path.join(root.dir, 'nothing')), ManifestNotFoundError);
  });
});
