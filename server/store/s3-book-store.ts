import {promises as fs} from 'node:fs';
import path from 'node:path';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
  type S3ClientConfig,
  type _Object,
} from '@aws-sdk/client-s3';
import type {Request, Response} from 'express';
import type {BookRecord, PdfFileEntry, StoreState} from '../../contracts/api';
import {StoreUnavailable} from '../errors';
import type {BookStore, CommittedBook} from './book-store';
import {isListedPdf, megabytes, newestFirst} from './pdf-entries';
import {bookMetadata, readBookMetadata} from './s3-book-metadata';
import {isMissing, sendPresignedRedirect, streamObject} from './s3-downloads';
import {storeUrlOf, type S3Location} from './store-url';

export type S3BookStoreOptions = {
  location: S3Location;
  /** How books are served: streamed through the site, or as a redirect to a presigned URL of the bucket. */
  downloads: 'stream' | 'presigned';
  /** Deadline of one export: an upload older than twice this belongs to no live export. */
  exportTimeoutMs: number;
  /** Settings of the client over those the AWS SDK reads from the environment (region, endpoint, credentials). */
  client?: S3ClientConfig;
};

const UPLOADS = '.uploads/';
const CHECK_TIMEOUT_MS = 3000;
/** HEAD requests at once when listing: each listed book's record is in its object's metadata. */
const HEADS_AT_ONCE = 16;

/**
 * The books as objects of a bucket of S3-compatible storage, each with its record in
 * its own metadata, so that a listed book always has its record. A commit uploads
 * under a hidden key (`<prefix>.uploads/<job>/<name>`) and copies that to the book's
 * key in one request: the book's key only ever holds a whole book.
 */
export class S3BookStore implements BookStore {
  readonly where: string;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #options: S3BookStoreOptions;

  constructor(options: S3BookStoreOptions) {
    this.#options = options;
    this.#bucket = options.location.bucket;
    this.#prefix = options.location.prefix;
    this.where = storeUrlOf(options.location);
    this.#client = new S3Client({
      // Without these, the SDK sends uploads as aws-chunked bodies with trailing checksums,
      // which S3-compatible servers that predate them (s3rver among them) store as the object's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      followRegionRedirects: true,
      requestHandler: {connectionTimeout: 5000},
      ...options.client,
    });
  }

  /** The region the SDK found in the environment or the AWS config files: without one, no request can be signed. */
  async region(): Promise<string | undefined> {
    return this.#client.config.region().catch(() => undefined);
  }

  async list(): Promise<PdfFileEntry[]> {
    const objects = await this.#call(async () => {
      const found: _Object[] = [];
      const pages = paginateListObjectsV2({client: this.#client}, {Bucket: this.#bucket, Prefix: this.#prefix, Delimiter: '/'});
      for await (const page of pages) found.push(...(page.Contents ?? []));
      return found;
    });
    const books = objects.filter((object) => object.Key && isListedPdf(object.Key.slice(this.#prefix.length)));
    const entries: PdfFileEntry[] = [];
    for (let start = 0; start < books.length; start += HEADS_AT_ONCE) {
      const batch = await Promise.all(books.slice(start, start + HEADS_AT_ONCE).map((object) => this.#entry(object)));
      entries.push(...batch.filter((entry): entry is PdfFileEntry => entry !== undefined));
    }
    return entries.sort(newestFirst);
  }

  async ready(): Promise<void> {
    await this.#call(() => this.#client.send(new HeadBucketCommand({Bucket: this.#bucket}), {abortSignal: timeout()}));
  }

  /** In the export's scratch directory: the upload reads it from there. */
  stagingFile(fileName: string, _jobId: string, scratchDir: string): string {
    return path.join(scratchDir, fileName);
  }

  async commit(fileName: string, stagedFile: string, record: BookRecord | undefined, jobId: string): Promise<CommittedBook> {
    const uploadKey = `${this.#prefix}${UPLOADS}${jobId}/${fileName}`;
    const key = this.#prefix + fileName;
    // Opened first: a file that cannot be read is the export's failure, not the store's.
    const file = await fs.open(stagedFile, 'r');
    try {
      const stats = await file.stat();
      if (!stats.isFile()) throw new Error(`${stagedFile} is not a file`);
      const {size} = stats;
      await this.#call(async () => {
        await this.#client.send(
          new PutObjectCommand({
            Bucket: this.#bucket,
            Key: uploadKey,
            Body: file.createReadStream({autoClose: false, start: 0}),
            ContentLength: size,
            ContentType: 'application/pdf',
            Metadata: record ? bookMetadata(record) : undefined,
          }),
        );
        const uploaded = await this.#client.send(new HeadObjectCommand({Bucket: this.#bucket, Key: uploadKey}));
        if (uploaded.ContentLength !== size) throw new Error(`the upload kept ${uploaded.ContentLength} bytes of ${size}`);
        await this.#client.send(new CopyObjectCommand({Bucket: this.#bucket, Key: key, CopySource: this.#copySource(uploadKey)}));
      });
      return {fileSize: size, pdfPath: `s3://${this.#bucket}/${key}`};
    } finally {
      await file.close();
      await this.#client.send(new DeleteObjectCommand({Bucket: this.#bucket, Key: uploadKey})).catch(() => undefined);
    }
  }

  async serve(fileName: string, req: Request, res: Response): Promise<boolean> {
    const object = {client: this.#client, bucket: this.#bucket, key: this.#prefix + fileName};
    try {
      if (this.#options.downloads === 'presigned') return await sendPresignedRedirect(object, res);
      return await streamObject(object, req, res);
    } catch (error) {
      if (isMissing(error)) return false;
      throw this.#unavailable(error);
    }
  }

  async check(): Promise<StoreState> {
    try {
      await this.#client.send(new HeadBucketCommand({Bucket: this.#bucket}), {abortSignal: timeout()});
      return 'running';
    } catch {
      return 'unreachable';
    }
  }

  /** Uploads older than twice the export deadline: the export that made each has ended, one way or the other. */
  async sweepStale(): Promise<void> {
    const before = Date.now() - 2 * this.#options.exportTimeoutMs;
    try {
      const pages = paginateListObjectsV2({client: this.#client}, {Bucket: this.#bucket, Prefix: this.#prefix + UPLOADS});
      for await (const page of pages) {
        for (const {Key, LastModified} of page.Contents ?? []) {
          if (Key && LastModified && LastModified.getTime() < before) {
            await this.#client.send(new DeleteObjectCommand({Bucket: this.#bucket, Key}));
          }
        }
      }
    } catch {
      // An unreachable store is swept at the next start; /health says it is unreachable meanwhile.
    }
  }

  async #entry(object: _Object): Promise<PdfFileEntry | undefined> {
    const name = object.Key!.slice(this.#prefix.length);
    const modified = (object.LastModified ?? new Date(0)).toISOString();
    const size = object.Size ?? 0;
    let metadata;
    try {
      ({Metadata: metadata} = await this.#client.send(new HeadObjectCommand({Bucket: this.#bucket, Key: object.Key})));
    } catch (error) {
      if (isMissing(error)) return undefined; // removed between the listing and now
      throw this.#unavailable(error);
    }
    const book = readBookMetadata(metadata);
    return {name, size, sizeMB: megabytes(size), created: modified, modified, ...(book ? {book} : {})};
  }

  #copySource(key: string): string {
    return [this.#bucket, ...key.split('/')].map(encodeURIComponent).join('/');
  }

  /** Runs requests to the bucket; any failure of theirs is the store's. */
  async #call<T>(requests: () => Promise<T>): Promise<T> {
    try {
      return await requests();
    } catch (error) {
      throw this.#unavailable(error);
    }
  }

  #unavailable(error: unknown): StoreUnavailable {
    return new StoreUnavailable(this.where, reasonOf(error), {cause: error});
  }
}

function timeout(): AbortSignal {
  return AbortSignal.timeout(CHECK_TIMEOUT_MS);
}

/** What the bucket said, or why it said nothing. */
function reasonOf(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name}: ${error.message || `HTTP ${error.$metadata.httpStatusCode}`}`;
  if (error instanceof Error && error.name === 'AbortError') return `no answer within ${CHECK_TIMEOUT_MS / 1000} s`;
  return error instanceof Error ? error.message : String(error);
}
