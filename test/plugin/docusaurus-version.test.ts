import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {checkDocusaurusVersion, minimumDocusaurus, siteDocusaurusVersion} from '../../plugin/docusaurus-version';
import {EXAMPLE_SITE, REPO_ROOT} from '../helpers/server-process';

const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, {optional?: boolean}>;
};

describe('the Docusaurus versions the plugin runs on', () => {
  it('starts at 3.2, where allContentLoaded appeared, for every Docusaurus peer', () => {
    assert.equal(minimumDocusaurus(), '3.2.0');
    assert.equal(pkg.peerDependencies['@docusaurus/plugin-content-docs'], pkg.peerDependencies['@docusaurus/core']);
  });

  it('leaves the docs plugin to the site: an optional peer, which npm checks but never installs a second, newer copy of', () => {
    // A required peer that a 3.2 site has only inside preset-classic made npm put 3.10's docs
    // plugin and theme-common at the top of node_modules, and the site's build broke.
    assert.equal(pkg.peerDependenciesMeta['@docusaurus/plugin-content-docs']?.optional, true);
    assert.equal(pkg.peerDependenciesMeta['@docusaurus/core']?.optional, undefined, 'every site lists core itself');
  });

  it('refuses an older Docusaurus 3 when the site loads, saying which and what to do', () => {
    for (const version of ['3.0.1', '3.1.1']) {
      assert.throws(
        () => checkDocusaurusVersion(version),
        new RegExp(
          `needs Docusaurus 3\\.2\\.0 or later; this site runs @docusaurus/core ${version.replace(/\./g, '\\.')}.*upgrade @docusaurus/core and its packages to \\^3\\.2\\.0`,
        ),
      );
    }
  });

  it('runs on 3.2 and later, a canary of the next major, and a site whose version it cannot read', () => {
    for (const version of ['3.2.0', '3.6.3', '3.10.2', '4.0.0-canary-6512', undefined]) checkDocusaurusVersion(version);
  });

  it('reads the version from the site’s own @docusaurus/core', () => {
    const installed = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/@docusaurus/core/package.json'), 'utf8')) as {
      version: string;
    };
    assert.equal(siteDocusaurusVersion(EXAMPLE_SITE), installed.version);
    assert.equal(siteDocusaurusVersion('/nonexistent-site'), undefined);
  });
});
