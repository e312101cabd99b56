import {createHash, randomBytes} from 'node:crypto';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {isAlive} from '../../process-tree';

/** An entry: the SHA-256 of what follows, then the bytes. */
const DIGEST_BYTES = 32;
const ENTRY = /^[0-9a-f]{64}\.bin$/;
/** A file being written: `<key>.bin.<pid>-<random>.tmp`. */
const TEMPORARY = /^[0-9a-f]{64}\.bin\.(\d+)-[0-9a-f]+\.tmp$/;
/** How long a store trusts its own count of the bytes stored before it lists the directory again. */
const RESCAN_MS = 30_000;

export type PrintCacheOptions = {
  dir: string;
  /** What the entries may take on disk in all; the least recently used go first. */
  maxBytes: number;
  log?: (line: string) => void;
};

/**
 * PDFs printed before, kept on disk between exports and server runs, by key (a SHA-256 of what
 * determined the print). Safe for several processes sharing the directory: an entry appears
 * whole or not at all (written to a temporary file, then renamed), a reader checks the digest
 * stored with it and removes an entry that fails, and an entry removed by another process's
 * eviction is only a miss. Recency is the file's modification time, set on every hit.
 * A store lists the directory to evict only when its count of the bytes there (those at its last
 * listing, plus what it stored since) passes the cap, or every RESCAN_MS: listing and statting
 * every entry on every store made a 3,000-doc export's 610 stores quadratic. What other
 * processes store meanwhile may take the directory over the cap until one of them lists it.
 */
export class PrintCache {
  readonly dir: string;
  readonly #maxBytes: number;
  readonly #log: (line: string) => void;
  /** The entries' bytes at the last listing, plus those stored since. */
  #bytes = 0;
  #listedAt = 0;

  private constructor(options: PrintCacheOptions) {
    this.dir = options.dir;
    this.#maxBytes = options.maxBytes;
    this.#log = options.log ?? (() => undefined);
  }

  /** The cache in `dir`, created if missing, without what a killed export left half-written or anything not an entry. */
  static async open(options: PrintCacheOptions): Promise<PrintCache> {
    const cache = new PrintCache(options);
    await fs.mkdir(cache.dir, {recursive: true});
    for (const name of await fs.readdir(cache.dir)) {
      const owner = TEMPORARY.exec(name)?.[1];
      if (ENTRY.test(name) || (owner && isAlive(Number(owner)))) continue;
      await fs.rm(path.join(cache.dir, name), {force: true, recursive: true}).catch(() => undefined);
    }
    await cache.#evict();
    return cache;
  }

  /** A key for a print: the SHA-256 of the JSON of everything it depends on. */
  static key(parts: unknown): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  /** The bytes stored under `key`, or undefined; an entry whose digest does not match is removed. */
  async get(key: string): Promise<Uint8Array | undefined> {
    const file = this.#file(key);
    let stored: Buffer;
    try {
      stored = await fs.readFile(file);
    } catch {
      return undefined;
    }
    const bytes = stored.subarray(DIGEST_BYTES);
    if (stored.length < DIGEST_BYTES || !digest(bytes).equals(stored.subarray(0, DIGEST_BYTES))) {
      this.#log(`print cache: ${path.basename(file)} is damaged; removed, printed again`);
      await fs.rm(file, {force: true});
      return undefined;
    }
    const now = new Date();
    await fs.utimes(file, now, now).catch(() => undefined);
    return bytes;
  }

  /** Stores `bytes` under `key` (unless larger than the whole cache), then evicts down to the size cap when it may be over. */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (bytes.length + DIGEST_BYTES > this.#maxBytes) return;
    const file = this.#file(key);
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temporary, Buffer.concat([digest(bytes), bytes]));
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, {force: true});
      // A full disk or a cache directory removed under us costs a reprint next time, never the export.
      this.#log(`print cache: could not store ${path.basename(file)}: ${(error as Error).message}`);
      return;
    }
    this.#bytes += bytes.length + DIGEST_BYTES;
    if (this.#bytes > this.#maxBytes || Date.now() - this.#listedAt >= RESCAN_MS) await this.#evict();
  }

  /** Removes the least recently used entries until they fit the size cap. */
  async #evict(): Promise<void> {
    const names = (await fs.readdir(this.dir).catch(() => [] as string[])).filter((name) => ENTRY.test(name));
    const entries = (
      await Promise.all(
        names.map(async (name) => {
          const stat = await fs.stat(path.join(this.dir, name)).catch(() => undefined);
          return stat && {name, size: stat.size, used: stat.mtimeMs};
        }),
      )
    ).filter((entry) => entry !== undefined);
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of entries.sort((a, b) => a.used - b.used)) {
      if (total <= this.#maxBytes) break;
      await fs.rm(path.join(this.dir, entry.name), {force: true});
      total -= entry.size;
    }
    this.#bytes = total;
    this.#listedAt = Date.now();
  }

  #file(key: string): string {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`not a print cache key: ${key}`);
    return path.join(this.dir, `${key}.bin`);
  }
}

function digest(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}
