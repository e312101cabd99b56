/**
 * The arguments of `docusaurus export-pdf`: declared by the plugin (which only
 * registers the command), read by the server's implementation, loaded lazily.
 */

/** `docusaurus export-pdf` as commander hands it over: every value a string, as typed. */
export type ExportCommandArgs = {
  /** The `[siteDir]` argument, else the site Docusaurus loaded. */
  siteDir: string;
  /** Operands past `[siteDir]`; commander accepts them silently, the command does not. */
  extraArgs?: string[];
  /** Plugin instance whose manifests are read. */
  pluginId?: string;
  /** `--dir <dir>`: the build to export, as `docusaurus serve --dir` names it (default: the site's `build/`). */
  dir?: string;
  /** `--out <file>`: the PDF to write, or an existing directory to write the default file name into. */
  out?: string;
  /** `--locale <locale>`. */
  locale?: string;
  /** `--docs-plugin <id>`: a docs plugin instance id. */
  docsPlugin?: string;
  /** `--docs-version <version>`: a docs version name or label. */
  docsVersion?: string;
  /** `--category <label>`: one sidebar category. */
  category?: string;
  /** `--doc <id>`: one doc. */
  doc?: string;
  /** `--engine <name>`. */
  engine?: string;
  /** `--timeout <ms>`. */
  timeout?: string;
  /** `--verbose`: print the engine's own log lines. */
  verbose?: boolean;
};
