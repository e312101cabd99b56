import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, it} from 'node:test';
import {CommandFailure, EXIT_CODES} from '../../../server/export-command/command-failure';
import type {ExportCommandArgs} from '../../../contracts/cli';
import {normalizeCommandArgs} from '../../../server/export-command/command-options';

const CWD = '/work/site';

function normalize(args: Partial<ExportCommandArgs>) {
  return normalizeCommandArgs({siteDir: '.', ...args}, CWD);
}

function usageFailure(args: Partial<ExportCommandArgs>, message: RegExp): void {
  assert.throws(
    () => normalize(args),
    (error: unknown) => error instanceof CommandFailure && error.exitCode === EXIT_CODES.usage && message.test(error.message),
  );
}

describe('normalizeCommandArgs', () => {
  it('leaves every choice to the site and the environment when no option is given', () => {
    assert.deepEqual(normalize({}), {
      siteDir: CWD,
      pluginId: undefined,
      buildDir: undefined,
      out: undefined,
      selection: {locale: undefined, docsPluginId: undefined, version: undefined, category: undefined, doc: undefined},
      engine: undefined,
      timeoutMs: undefined,
      verbose: false,
    });
  });

  it('resolves the site directory and --out against the working directory', () => {
    const options = normalize({siteDir: '../other', out: 'build/handbook.pdf'});
    assert.equal(options.siteDir, path.resolve(CWD, '../other'));
    assert.equal(options.out, path.join(CWD, 'build', 'handbook.pdf'));
    assert.equal(normalize({out: '/tmp/book.pdf'}).out, '/tmp/book.pdf');
  });

  it('resolves --dir, the build to export, against the working directory', () => {
    assert.equal(normalize({dir: '../artifact/build'}).buildDir, path.resolve(CWD, '../artifact/build'));
  });

  it('keeps the trailing separator of an --out that names a directory', () => {
    assert.equal(normalize({out: 'build/'}).out, path.join(CWD, 'build') + path.sep);
    assert.equal(normalize({out: '/'}).out, '/');
  });

  it('maps --docs-plugin and --docs-version to the docs and version the exporter selects', () => {
    const options = normalize({locale: 'fr', docsPlugin: 'sdk', docsVersion: '2.0', doc: 'intro', category: 'Guides'});
    assert.deepEqual(options.selection, {locale: 'fr', docsPluginId: 'sdk', version: '2.0', category: 'Guides', doc: 'intro'});
  });

  it('reads --engine and --timeout', () => {
    const options = normalize({engine: 'docs-to-pdf', timeout: '90000', verbose: true});
    assert.equal(options.engine, 'docs-to-pdf');
    assert.equal(options.timeoutMs, 90_000);
    assert.equal(options.verbose, true);
  });

  it('refuses an unknown engine and names the known ones', () => {
    assert.throws(
      () => normalize({engine: 'prince'}),
      (error: CommandFailure) => {
        assert.equal(error.message, 'Unknown engine "prince"');
        assert.equal(error.detail, 'Choose one of: native, docs-to-pdf.');
        return true;
      },
    );
  });

  for (const timeout of ['abc', '1.5', '-1000', '999', '86400001', '1e4']) {
    it(`refuses --timeout ${timeout}`, () =>
      usageFailure({timeout}, /^--timeout must be a whole number of milliseconds from 1000 to 86400000/));
  }

  for (const option of ['dir', 'out', 'locale', 'docsPlugin', 'docsVersion', 'category', 'doc'] as const) {
    it(`refuses a blank --${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, () =>
      usageFailure({[option]: '  '}, /needs a value$/));
  }

  it('does not trim values: a name with spaces around it is the file-name check’s to refuse', () => {
    assert.equal(normalize({out: ' book.pdf'}).out, path.join(CWD, ' book.pdf'));
  });

  it('refuses operands after the site directory', () => {
    usageFailure({extraArgs: ['oops']}, /^Unexpected argument "oops"$/);
  });
});
