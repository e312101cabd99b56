import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import path from 'node:path';
import {promisify} from 'node:util';
import {after, before, describe, it} from 'node:test';
import {notInstalled} from '../../contracts/optional-packages';
import {PLUGIN_NAME} from '../../contracts/manifest';
import {tempDir} from '../helpers/fixtures';
import {writeHidePackagesHook} from '../helpers/hide-packages';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Loads the plugin with `engine` in a Node where docs-to-pdf is not installed; what it printed. */
async function loadPlugin(hook: string, engine: string): Promise<string> {
  const script = `require('./plugin/index.ts').default({siteDir: '/srv/site'}, {id: 'default', engine: '${engine}'}); console.log('loaded');`;
  try {
    const {stdout} = await promisify(execFile)(process.execPath, ['--require', hook, '--import', 'tsx', '-e', script], {
      cwd: REPO_ROOT,
      env: {...process.env, HIDDEN_PACKAGES: 'docs-to-pdf'},
    });
    return stdout;
  } catch (error) {
    return (error as {stderr: string}).stderr;
  }
}

describe('the docs-to-pdf engine, an optional peer, in a site that did not install it', () => {
  let work: Awaited<ReturnType<typeof tempDir>>;
  let hook: string;
  before(async () => {
    work = await tempDir('engine-package');
    hook = await writeHidePackagesHook(work.dir);
  });
  after(async () => work.remove());

  it('stops the plugin as the site builds, with the command that installs it, when the site chooses that engine', async () => {
    assert.ok((await loadPlugin(hook, 'docs-to-pdf')).includes(`[${PLUGIN_NAME}] ${notInstalled('docs-to-pdf', ['docs-to-pdf'])}`));
  });

  it('is not needed by the native engine', async () => {
    assert.equal((await loadPlugin(hook, 'native')).trim(), 'loaded');
  });
});
