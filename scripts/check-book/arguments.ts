import {parseArgs} from 'node:util';

/** What `npm run check:book` was asked to check. */
export type CheckArguments = {
  /** The Docusaurus site directory. */
  site: string;
  /** The build the book was exported from; default: the site's `build/`. */
  dir?: string;
  /** The exported book. */
  pdf: string;
  /** Docs plugin instance; default: the export plugin's `docsPluginId`. */
  docsPlugin?: string;
  version?: string;
  locale?: string;
  /** Where to write the full report as JSON. */
  json?: string;
  /** Where to write the book as a screen reader walks it (structure/reading-order.ts). */
  reading?: string;
  /** Read what the book must hold from the built HTML alone, without rendering the pages in Chromium. */
  fromBuild?: boolean;
};

/** A bad invocation: the CLI prints the message and exits 2. */
export class InvocationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvocationError';
  }
}

export const USAGE = `Usage: npm run check:book -- --site <siteDir> --pdf <file> [options]

Checks an exported book against the site it was exported from.

  --site <dir>         Docusaurus site directory, built
  --dir <dir>          the build the book was exported from (default: the site's build/, which holds the export manifest)
  --pdf <file>         the exported PDF
  --docs-plugin <id>   docs plugin instance (default: the export plugin's docsPluginId)
  --version <name>     docs version, name or label (default: as the export API chooses)
  --locale <locale>    locale (default: as the export API chooses)
  --json <file>        also write the full report as JSON
  --reading <file>     also write the book as a screen reader reads it: the structure tree in order, page by page
  --from-build         read what the book must hold from the built HTML only; by default each page is also
                       rendered in Chromium (scripts run, every tab selected once), so that content only the
                       browser draws is counted
  --help               this text

Exit status: 0 every check passed, 1 a check failed, 2 bad invocation.`;

/** Parses the command line; undefined for --help. Throws InvocationError on anything else that is wrong. */
export function parseArguments(argv: string[]): CheckArguments | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        site: {type: 'string'},
        dir: {type: 'string'},
        pdf: {type: 'string'},
        'docs-plugin': {type: 'string'},
        version: {type: 'string'},
        locale: {type: 'string'},
        json: {type: 'string'},
        reading: {type: 'string'},
        'from-build': {type: 'boolean'},
        help: {type: 'boolean'},
      },
    });
  } catch (error) {
    throw new InvocationError((error as Error).message);
  }
  const {values} = parsed;
  if (values.help) return undefined;
  const missing = (['site', 'pdf'] as const).filter((name) => !values[name]);
  if (missing.length > 0) throw new InvocationError(`Missing ${missing.map((name) => `--${name}`).join(' and ')}.`);
  return {
    site: values.site!,
    dir: values.dir,
    pdf: values.pdf!,
    docsPlugin: values['docs-plugin'],
    version: values.version,
    locale: values.locale,
    json: values.json,
    reading: values.reading,
    fromBuild: values['from-build'],
  };
}
