/** What the theme receives through `setGlobalData`: only what the browser needs. */
export type ClientData = {
  /** Explicit API base URL from the options, without trailing slash. */
  apiUrl?: string;
  /** API port used with the page's own host when the site server does not say. */
  apiPort: number;
  /** Site path of the JSON the server entry serves with the live API port. */
  runtimeConfigPath: string;
  /** Site path the exported PDFs are served under: the site root, the same for every locale. */
  documentsPath: string;
  /** Site path of the exported PDFs page, baseUrl included; absent when turned off. */
  exportsPagePath?: string;
  /**
   * Site path of this locale's index of books made at build time
   * (`buildTime` option), baseUrl and locale included; absent when the option is off.
   */
  prebuiltIndexPath?: string;
};

/** Served by the server entry's site server under the site's baseUrl: `{apiPort}`. */
export const RUNTIME_CONFIG_FILE = '__export-pdf/api.json';

/** The body of RUNTIME_CONFIG_FILE. */
export type RuntimeConfig = {
  /** The port the API listens on right now. */
  apiPort: number;
};
