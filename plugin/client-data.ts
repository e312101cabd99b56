/** What the theme receives through `setGlobalData`: only what the browser needs. */
export type ClientData = {
  /** Explicit API base URL from the options, without trailing slash. */
  apiUrl?: string;
  /** API port used with the page's own host when the site server does not say. */
  apiPort: number;
  /** Site path of the JSON the server entry serves with the live API port. */
  runtimeConfigPath: string;
};

/** Served by the server entry's site server under the site's baseUrl. */
export const RUNTIME_CONFIG_FILE = '__export-pdf/api.json';
