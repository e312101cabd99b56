import type {BookRecord, PdfFileEntry} from '../../contracts/api';

/** Bytes as the API's `sizeMB` and `fileSizeMB` say them: 2^20 bytes, two decimals. */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}

/** Exports in progress write hidden files (`.<name>.<job>.part`, `.uploads/`): only visible `*.pdf` names are books. */
export function isListedPdf(name: string): boolean {
  return !name.startsWith('.') && /\.pdf$/i.test(name);
}

/** The order of GET /pdf-files: newest modification first, then by name. */
export function newestFirst(a: PdfFileEntry, b: PdfFileEntry): number {
  return b.modified.localeCompare(a.modified) || a.name.localeCompare(b.name);
}

/** The book record in what a store kept, when it is one; the version's label only when it has one. */
export function asBookRecord(stored: unknown): BookRecord | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const {docsPluginId, version, versionLabel, locale} = stored as Partial<Record<keyof BookRecord, unknown>>;
  if (typeof docsPluginId !== 'string' || typeof version !== 'string' || typeof locale !== 'string') return undefined;
  return {docsPluginId, version, ...(typeof versionLabel === 'string' ? {versionLabel} : {}), locale};
}
