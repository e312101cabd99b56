import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {parseCommandLine} from '../../server/cli-arguments';

describe('docusaurus-export-pdf arguments', () => {
  it('serves the site in the working directory, its build/ unless --dir names another', () => {
    assert.deepEqual(parseCommandLine(['serve']), {command: 'serve', siteDir: '.', dir: undefined});
    assert.deepEqual(parseCommandLine(['serve', 'website', '--dir', '/srv/build']), {
      command: 'serve',
      siteDir: 'website',
      dir: '/srv/build',
    });
    assert.deepEqual(parseCommandLine(['worker', '--dir=artifact']), {command: 'worker', siteDir: '.', dir: 'artifact'});
  });

  it('asks for help with --help, -h or help', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['serve', '--help']]) assert.equal(parseCommandLine(argv), undefined, argv.join(' '));
  });

  it('refuses what it cannot run, saying why', () => {
    const usage = (argv: string[]) => (parseCommandLine(argv) as {usage?: string}).usage;
    assert.equal(usage([]), 'No command');
    assert.equal(usage(['build']), 'Unknown command "build"');
    assert.match(usage(['serve', 'a', 'b'])!, /^Unexpected argument "b"/);
    assert.match(usage(['start', '--dir', 'build'])!, /^--dir names a build: `start` serves none/);
    assert.equal(usage(['serve', '--dir', ' ']), '--dir needs a value');
    assert.match(usage(['serve', '--dir'])!, /--dir/);
    assert.match(usage(['serve', '--port', '1'])!, /--port/);
  });
});
