import type {Request, Response} from 'express';
import type {BookRecord, PdfFileEntry, StoreState} from '../../contracts/api';

/** A book the store took in. */
export type CommittedBook = {
  /** Size in bytes of the PDF now listed. */
  fileSize: number;
  /** Where the PDF now is: its absolute path, or its `s3://` URL. */
  pdfPath: string;
};

/**
 * Where finished books are kept, listed and served from: the documents directory by
 * default (local-book-store.ts), a bucket of S3-compatible storage when STORE_URL names
 * one (s3-book-store.ts). A book is only ever listed and served whole, with its record:
 * an export on any host commits it, and every API instance sharing the store lists and
 * serves it. Failures to reach the store are `StoreUnavailable` (server/errors.ts).
 */
export interface BookStore {
  /** Where the books are, for messages and logs: a directory, or `s3://bucket/prefix`. */
  readonly where: string;

  /** The PDFs, newest modification first, then by name; each with its book record when it has one. */
  list(): Promise<PdfFileEntry[]>;

  /** Throws the error an export would end with if the store cannot take a book now, so it fails before it runs. */
  ready(): Promise<void>;

  /**
   * Where an export writes the PDF of `fileName` before committing it: a hidden file beside
   * the books when a rename can put it in place, else a file in `scratchDir`.
   */
  stagingFile(fileName: string, jobId: string, scratchDir: string): string;

  /**
   * Makes the complete PDF at `stagedFile` the book `fileName`, replacing any book of that
   * name, with `record` (what it holds) when given. Atomic: until it resolves, the previous
   * book (or none) is what is listed and served, and a failure leaves nothing of this one
   * visible. The staged file is the store's from then on; the caller only removes what is left.
   */
  commit(fileName: string, stagedFile: string, record: BookRecord | undefined, jobId: string): Promise<CommittedBook>;

  /**
   * Answers a GET or HEAD of the book `fileName` (an already checked, listed name): its bytes,
   * or a redirect to where they are. Resolves false, having sent nothing, when there is no such book.
   */
  serve(fileName: string, req: Request, res: Response): Promise<boolean>;

  /** Whether the store answers now, for /health; never throws. */
  check(): Promise<StoreState>;

  /** Removes what exports that died before committing left behind; never touches a live export's files. */
  sweepStale(): Promise<void>;
}
