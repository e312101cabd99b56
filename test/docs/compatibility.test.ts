import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {minimumDocusaurus} from '../../plugin/docusaurus-version';
import {REPO_ROOT} from '../helpers/server-process';
import {NEWEST, VERSION_MATRIX} from '../helpers/version-matrix';

const page = readFileSync(path.join(REPO_ROOT, 'docs', 'compatibility.md'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {peerDependencies: Record<string, string>};
const minor = (version: string) => version.split('.').slice(0, 2).join('.');

/** The rows of the manual's "Tested" table: version, React, the site, what it also needs. */
function testedRows(): string[][] {
  const section = page.slice(page.indexOf('## Tested'), page.indexOf('\n## ', page.indexOf('## Tested') + 1));
  return section
    .split('\n')
    .filter((line) => /^\| \d/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('the manual’s Docusaurus versions', () => {
  it('claim what peerDependencies claim, from the oldest version the matrix tests', () => {
    const floor = minimumDocusaurus();
    assert.equal(pkg.peerDependencies['@docusaurus/core'], `^${floor}`);
    assert.ok(page.includes(`**Docusaurus ${minor(floor)} or later**`), `the page says ${minor(floor)} or later`);
    assert.ok(page.includes(`\`@docusaurus/core ^${floor}\``));
    assert.equal(minor(VERSION_MATRIX[0]!.docusaurus), minor(floor), 'the oldest tested minor is the floor');
  });

  it('list every site of the matrix, with its React and the webpack pin it needs', () => {
    const rows = testedRows();
    assert.deepEqual(
      rows.map(([version]) => version),
      VERSION_MATRIX.map((site) => site.docusaurus),
    );
    for (const [index, site] of VERSION_MATRIX.entries()) {
      const [, react, description, needs] = rows[index]!;
      assert.equal(react, String(site.react), site.docusaurus);
      assert.ok(description!.includes(site.config), `${site.docusaurus}: ${site.config}`);
      assert.equal(description!.includes('ComponentTypes'), site.swizzledNavbar, `${site.docusaurus}: swizzled`);
      assert.equal(needs, site.webpack ? `\`"overrides": {"webpack": "${site.webpack}"}\`` : 'nothing', site.docusaurus);
    }
  });

  it('match the README’s install test site', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    assert.ok(readme.includes(`npx create-docusaurus@${NEWEST.docusaurus} my-site classic --typescript`));
  });
});
