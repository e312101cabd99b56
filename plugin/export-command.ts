import type {Plugin} from '@docusaurus/types';
import type {ExportCommandArgs} from '../contracts/cli';
import {ENGINE_NAMES} from '../contracts/options';

/** The commander program Docusaurus hands to `extendCli` (commander 5). */
export type DocusaurusCli = Parameters<NonNullable<Plugin['extendCli']>>[0];

/** The option values as commander collects them (camel-cased): strings as typed, `true` for a flag. */
type CommandOptionValues = Omit<ExportCommandArgs, 'siteDir' | 'extraArgs' | 'pluginId'>;

/** What commander passes an action last: the command, with every operand and the option values. */
type InvokedCommand = {args: string[]; opts(): CommandOptionValues};

export const EXPORT_COMMAND = 'export-pdf';

/** Loads the implementation, runs it, and exits with its code once the browser and the site server are closed. */
async function runAndExit(args: ExportCommandArgs): Promise<void> {
  const {runExportCommand} = await import('../server/export-command/run-export-command.js');
  process.exit(await runExportCommand(args));
}

/**
 * Adds `docusaurus export-pdf [siteDir]`. Docusaurus builds its CLI at every
 * command, so only the options are declared here: the implementation (express,
 * puppeteer-core, pdf-lib) loads when the command runs.
 */
export function registerExportCommand(
  cli: DocusaurusCli,
  defaults: {siteDir: string; pluginId: string},
  run: (args: ExportCommandArgs) => Promise<void> = runAndExit,
): void {
  cli
    .command(`${EXPORT_COMMAND} [siteDir]`)
    .description('Export the built site to one PDF file, without the HTTP API (run `docusaurus build` first).')
    .option('--dir <dir>', "the build to export (default: the site's build/)")
    .option(
      '--out <file>',
      'PDF file to write, or an existing directory (default: the documents directory, export-<docs>-<version>-<locale>-<UTC time>.pdf)',
    )
    .option('-l, --locale <locale>', "locale to export (default: the plugin's locale option, else the default locale)")
    .option('--docs-plugin <id>', 'id of the docs plugin instance to export (default: the docsPluginId option)')
    // `--version` belongs to the docusaurus program, which prints its own version and exits 0.
    .option('--docs-version <version>', "docs version name or label (default: the version option, else the docs' lastVersion)")
    .option('--category <label>', 'export only this sidebar category')
    .option('--doc <id>', 'export only this doc, e.g. guides/configuration')
    .option('--engine <engine>', `${ENGINE_NAMES.join(' or ')} (default: EXPORT_ENGINE, else the engine option)`)
    .option('--timeout <ms>', 'deadline of the export in milliseconds (default: EXPORT_TIMEOUT_MS, else the exportTimeoutMs option)')
    .option('--verbose', "print the engine's own log lines")
    .action((siteDir: string | undefined, command: InvokedCommand) =>
      run({
        ...command.opts(),
        siteDir: siteDir ?? defaults.siteDir,
        extraArgs: command.args.slice(1),
        pluginId: defaults.pluginId,
      }),
    );
}
