import {readFileSync} from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
import {DEFAULT_BUILD_TIME} from '../../contracts/build-time';
import {DEFAULT_OPTIONS, optionNames, validateOptions, type Options} from '../../contracts/options';

function validate(options: unknown) {
  return validateOptions({
    options: options as Options,
    validate: normalizePluginOptions as never,
  });
}

describe('validateOptions', () => {
  it('fills every default for an empty object', () => {
    const options = validate({});
    assert.equal(options.id, 'default');
    assert.equal(options.apiPort, 3001);
    assert.equal(options.engine, 'native');
    assert.equal(options.exportTimeoutMs, 180_000);
    assert.equal(options.paperFormat, 'A4');
    assert.deepEqual(options.margin, DEFAULT_OPTIONS.margin);
    assert.deepEqual(options.excludeSelectors, DEFAULT_OPTIONS.excludeSelectors);
    // Unset: the book's texts in the site's locale (server/export/book-texts.ts).
    assert.equal(options.tocTitle, undefined);
    assert.equal(options.headerTemplate, undefined);
    assert.equal(options.footerTemplate, undefined);
    assert.equal(options.coverTitle, undefined);
    assert.equal(options.coverImage, undefined);
    assert.equal(options.captureFromBuild, true);
    assert.equal(options.exportsPage, '/pdf-exports');
  });

  it('turns buildTime off by default, fills its defaults from true or a partial object, and refuses bad values', () => {
    assert.equal(validate({}).buildTime, false);
    assert.deepEqual(validate({buildTime: true}).buildTime, DEFAULT_BUILD_TIME);
    assert.deepEqual(validate({buildTime: {versions: 'all', locales: ['en']}}).buildTime, {
      ...DEFAULT_BUILD_TIME,
      versions: 'all',
      locales: ['en'],
    });
    assert.throws(() => validate({buildTime: {versions: 'latest'}}), /buildTime/);
    assert.throws(() => validate({buildTime: {fileName: 'book.pdf'}}), /\{version\}/);
    assert.throws(() => validate({buildTime: {fileName: 'out/{version}-{locale}.pdf'}}), /without a directory/);
    assert.throws(() => validate({buildTime: {onError: 'ignore'}}), /onError/);
  });

  it('accepts undefined options, as a plugin listed without options', () => {
    assert.equal(validate(undefined).apiPort, 3001);
  });

  it('keeps what the user wrote', () => {
    const options = validate({
      apiUrl: 'https://pdf.example.com/',
      coverTitle: 'Handbook',
      coverImage: false,
      paperFormat: 'letter',
      margin: {top: 10},
      excludeSelectors: ['.ad'],
      startPath: '/docs/start',
      documentsDir: 'exports',
      captureFromBuild: false,
      exportsPage: false,
    });
    assert.equal(options.apiUrl, 'https://pdf.example.com', 'trailing slash removed');
    assert.equal(options.coverTitle, 'Handbook');
    assert.equal(options.coverImage, false);
    assert.equal(options.paperFormat, 'Letter', 'paper format case is normalized');
    assert.deepEqual(options.margin, {...DEFAULT_OPTIONS.margin, top: 10});
    assert.deepEqual(options.excludeSelectors, ['.ad']);
    assert.equal(options.startPath, '/docs/start');
    assert.equal(options.documentsDir, 'exports');
    assert.equal(options.captureFromBuild, false);
    assert.equal(options.exportsPage, false);
    assert.equal(validate({exportsPage: '/downloads/pdf'}).exportsPage, '/downloads/pdf');
  });

  for (const [name, bad] of [
    ['an unknown paper format', {paperFormat: 'B5'}],
    ['an API URL that is not http(s)', {apiUrl: 'ftp://example.com'}],
    ['a port out of range', {apiPort: 70000}],
    ['a start path without a leading slash', {startPath: 'docs/intro'}],
    ['a selector with a comma (docs-to-pdf splits on commas)', {excludeSelectors: ['.a, .b']}],
    ['a deadline under a second', {exportTimeoutMs: 10}],
    ['coverImage true', {coverImage: true}],
    ['an unknown engine', {engine: 'wkhtmltopdf'}],
    ['captureFromBuild that is not a boolean', {captureFromBuild: 'sometimes'}],
    ['an exports page path without a leading slash', {exportsPage: 'pdf-exports'}],
    ['an exports page path with a query', {exportsPage: '/pdf?x=1'}],
    ['exportsPage true', {exportsPage: true}],
    ['an unknown option', {colour: 'red'}],
  ] as const) {
    it(`rejects ${name}`, () => {
      assert.throws(() => validate(bad), /"?[a-zA-Z]+/);
    });
  }

  it('are the table of docs/configuration.md, option for option', () => {
    const manual = readFileSync(path.join(__dirname, '..', '..', 'docs', 'configuration.md'), 'utf8');
    const section = manual.slice(manual.indexOf('\n## Plugin options\n'), manual.indexOf('\n## Server configuration\n'));
    const documented = [...section.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]);
    // `id` names a plugin instance; only one is supported.
    assert.deepEqual(
      documented.sort(),
      optionNames()
        .filter((name) => name !== 'id')
        .sort(),
    );
  });

  it("are in the README's short table with the defaults docs/configuration.md gives", () => {
    const rows = (file: string) =>
      new Map(
        [...readFileSync(path.join(__dirname, '..', '..', file), 'utf8').matchAll(/^\| `(\w+)` \| ([^|]+) \|/gm)].map((match) => [
          match[1]!,
          match[2]!,
        ]),
      );
    const manual = rows('docs/configuration.md');
    const readme = rows('README.md');
    assert.ok(readme.size >= 5, `${readme.size} options in the README`);
    for (const [name, shown] of readme) {
      assert.ok(optionNames().includes(name), `${name} is an option`);
      assert.equal(shown, manual.get(name), `${name}'s default`);
    }
  });
});
