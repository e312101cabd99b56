import type {ExportState, Phase} from './progress';

/**
 * The query of GET /export-pdf: every field optional, each given at most once.
 * Unset fields take the plugin's options, else the site's defaults.
 */
export type ExportQuery = {
  /** Name of the PDF in the documents directory; `.pdf` is appended when missing. Default: `export-<docs>-<version>-<locale>-<UTC time>.pdf`. */
  fileName?: string;
  /** Locale to export. Default: the `locale` option, else the site's default locale. */
  locale?: string;
  /** Id of the docs plugin instance to export. Default: the `docsPluginId` option. */
  docsPluginId?: string;
  /** Docs version, by name or label. Default: the `version` option, else the docs' lastVersion. */
  version?: string;
  /** Export only this sidebar category (its label). */
  category?: string;
  /** Export only this doc (its id). */
  doc?: string;
  /** An id the client chooses, to follow the export in GET /export-status/:id and /export-events?id=. */
  exportId?: string;
};

/** Success body of GET /export-pdf. */
export type ExportSuccess = {
  success: true;
  message: string;
  /** Absolute path of the PDF on the server; with S3-compatible storage (STORE_URL), its `s3://bucket/key` URL. */
  pdfPath: string;
  /** The file name, URL-encoded: resolvable against the site's root. */
  pdfUrl: string;
  fileName: string;
  /** Size in bytes. */
  fileSize: number;
  /** Size in megabytes (2^20 bytes), two decimals. */
  fileSizeMB: string;
};

/** What an exported PDF holds, as GET /pdf-files reports it in `book`. */
export type BookRecord = {
  /** Docs plugin instance exported (`default` for the classic preset's docs). */
  docsPluginId: string;
  /** Docs version name (`current` for the docs folder). */
  version: string;
  /** The version's label, only when the docs have several versions. */
  versionLabel?: string;
  locale: string;
};

/** One PDF in the documents directory, as GET /pdf-files lists it. */
export type PdfFileEntry = {
  /** File name. */
  name: string;
  /** Size in bytes. */
  size: number;
  /** Size in megabytes (2^20 bytes), two decimals. */
  sizeMB: string;
  /** Creation time, ISO 8601 (the modification time where the file system keeps none). */
  created: string;
  /** Last modification time, ISO 8601. */
  modified: string;
  /** What the book holds: docs plugin, version and locale; absent for a PDF this service did not export. */
  book?: BookRecord;
};

/** Body of GET /pdf-files: newest modification first. */
export type PdfFilesBody = {
  count: number;
  files: PdfFileEntry[];
};

/** One export, as GET /export-status and the event stream report it. */
export type ExportStatus = {
  /** The server's id of the export. */
  id: string;
  /** Ids clients gave with `exportId`: identical requests share one export, and all its ids. */
  clientIds: string[];
  /** Name of the PDF in the documents directory. */
  fileName: string;
  /** Locale, docs plugin instance and docs version exported. */
  locale: string;
  docsPluginId: string;
  version: string;
  state: ExportState;
  phase: Phase;
  /** Steps done in the phase, when the engine counts them: pages captured, parts printed. */
  done?: number;
  /** Steps in the phase. */
  total?: number;
  /** Estimated share of the export done, 0–100, never going back. */
  percent: number;
  /** 0 for the running export, 1 for the first one waiting behind it, …; absent once finished. */
  queuePosition?: number;
  /** ISO 8601 times. */
  queuedAt: string;
  startedAt?: string;
  finishedAt?: string;
  /** Milliseconds since the export started running (queued: since it was queued); fixed once it finished. */
  elapsedMs: number;
  /** A failed export: the error text GET /export-pdf answered, and its detail. */
  error?: string;
  detail?: string;
  /** A finished export: the file, as GET /export-pdf answers it. */
  pdfUrl?: string;
  fileSize?: number;
  fileSizeMB?: string;
};

/** Body of GET /export-status (every export the server remembers). */
export type ExportStatusList = {
  exports: ExportStatus[];
};

/**
 * The native engine's browser: `starting` from server start until launched (an export waits for
 * it), `running` once launched, `stopped` when it died or could not launch (the next export
 * launches it again, or says why it cannot). A readiness probe waits for `running`.
 */
export type BrowserState = 'starting' | 'running' | 'stopped';

/**
 * Where the books are kept (the documents directory, or the bucket STORE_URL names): `running`
 * when it answers, `unreachable` when it does not (the health is then `degraded`: exports could
 * not be kept, nor books listed or served).
 */
export type StoreState = 'running' | 'unreachable';

/**
 * The job queue's Redis, with REDIS_URL only: `running` when it answered a ping within a second,
 * `unreachable` when not (then no export can start: `status` is `degraded`, 503).
 */
export type QueueHealth = 'running' | 'unreachable';

/** Body of GET /health: 200 when `status` is `ok`, 503 when `degraded`. */
export type HealthReport = {
  status: 'ok' | 'degraded';
  /** ISO 8601 time of the check. */
  timestamp: string;
  services: {
    api: 'running';
    site: 'running' | 'stopped';
    /** Whether every script the site's docs use has a font; `detail` names those without one. */
    fonts?: 'complete' | 'incomplete' | 'unchecked';
    /** The Chromium the native engine keeps between exports; absent when the site's engine keeps none (docs-to-pdf). */
    browser?: BrowserState;
    /** The book store: the documents directory, or the bucket of S3-compatible storage. */
    store: StoreState;
    /** The BullMQ job queue's Redis, when REDIS_URL is set; absent: exports run in the server. */
    queue?: QueueHealth;
  };
  detail?: string;
};
