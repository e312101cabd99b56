import type {ExportBrowser} from './export-page';

/** A browser the host holds: a Chromium it launched, or its own context in a browser service (remote-browser.ts). */
export type HeldBrowser = {
  /** What exports open their tabs in. */
  tabs: ExportBrowser;
  /** Still connected and not stopped. */
  alive: () => boolean;
  /** Ends every print in progress at once. */
  stop: () => void;
  close: () => Promise<void>;
};
