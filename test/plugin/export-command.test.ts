import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {Command} from 'commander';
import {registerExportCommand, type DocusaurusCli} from '../../plugin/export-command';
import pluginExportPdf from '../../plugin/index';
import type {ExportCommandArgs} from '../../contracts/cli';

const DEFAULTS = {siteDir: '/srv/site', pluginId: 'default'};

/** Parses argv as `docusaurus …` would, with the command's run replaced by a recorder. */
async function parse(...argv: string[]): Promise<ExportCommandArgs> {
  const cli = new Command();
  let received: ExportCommandArgs | undefined;
  registerExportCommand(cli as unknown as DocusaurusCli, DEFAULTS, async (args) => {
    received = args;
  });
  await cli.parseAsync(['node', 'docusaurus', ...argv]);
  assert.ok(received, 'the command ran');
  return received;
}

describe('docusaurus export-pdf', () => {
  it('defaults to the site Docusaurus loaded, with no option set', async () => {
    const args = await parse('export-pdf');
    assert.equal(args.siteDir, '/srv/site');
    assert.equal(args.pluginId, 'default');
    assert.deepEqual(args.extraArgs, []);
    for (const key of ['dir', 'out', 'locale', 'docsPlugin', 'docsVersion', 'category', 'doc', 'engine', 'timeout', 'verbose'] as const) {
      assert.equal(args[key], undefined, key);
    }
  });

  it('hands every option over as typed', async () => {
    const args = await parse(
      'export-pdf',
      'website',
      '--dir',
      'artifact/build',
      '--out',
      'build/handbook.pdf',
      '-l',
      'fr',
      '--docs-plugin',
      'sdk',
      '--docs-version',
      '2.0',
      '--doc',
      'intro',
      '--category',
      'Guides',
      '--engine',
      'docs-to-pdf',
      '--timeout',
      '90000',
      '--verbose',
    );
    assert.deepEqual(args, {
      siteDir: 'website',
      extraArgs: [],
      pluginId: 'default',
      dir: 'artifact/build',
      out: 'build/handbook.pdf',
      locale: 'fr',
      docsPlugin: 'sdk',
      docsVersion: '2.0',
      doc: 'intro',
      category: 'Guides',
      engine: 'docs-to-pdf',
      timeout: '90000',
      verbose: true,
    });
  });

  it('passes operands past the site directory on, for the command to refuse', async () => {
    assert.deepEqual((await parse('export-pdf', 'website', 'handbook.pdf')).extraArgs, ['handbook.pdf']);
  });

  it('lists every option in its help', () => {
    const cli = new Command();
    registerExportCommand(cli as unknown as DocusaurusCli, DEFAULTS);
    const command = cli.commands.find((each) => each.name() === 'export-pdf')!;
    const help = command.helpInformation();
    for (const option of [
      '--out <file>',
      '-l, --locale <locale>',
      '--docs-plugin <id>',
      '--docs-version <version>',
      '--category <label>',
      '--doc <id>',
      '--engine <engine>',
      '--timeout <ms>',
      '--verbose',
    ]) {
      assert.ok(help.includes(option), option);
    }
    assert.match(help, /native or docs-to-pdf/);
    assert.doesNotMatch(help, /--version\b/, "--version is the docusaurus program's own");
  });

  it('leaves the export machinery unloaded until the command runs', () => {
    const instance = pluginExportPdf({siteDir: '/srv/site'} as never, {id: 'default'} as never);
    instance.extendCli!(new Command() as never);
    const loaded = Object.keys(require.cache);
    for (const heavy of ['/express/', '/puppeteer-core/', '/pdf-lib/', '/server/export-command/run-export-command']) {
      assert.ok(!loaded.some((file) => file.includes(heavy)), `${heavy} not loaded`);
    }
  });
});
