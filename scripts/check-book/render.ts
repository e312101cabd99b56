import {spawn} from 'node:child_process';
import type {Raster} from './raster';

/**
 * Splits a stream of binary PNM images (P6 colour, P5 gray, 8 bits), as pdftoppm writes them
 * one after another to its standard output, into rasters.
 */
export class PnmStream {
  #chunks: Buffer[] = [];
  #length = 0;
  #onRaster: (raster: Raster) => void;

  constructor(onRaster: (raster: Raster) => void) {
    this.#onRaster = onRaster;
  }

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
    for (;;) {
      // Chunks are joined only once an image is complete, so each byte is copied about once.
      if (this.#chunks.length > 1 && this.#chunks[0]!.length < 64) this.#join();
      const header = this.#header(this.#chunks[0] ?? Buffer.alloc(0));
      if (!header) {
        if (this.#chunks.length > 1) {
          this.#join();
          if (this.#header(this.#chunks[0]!)) continue;
        }
        return;
      }
      const {width, height, channels, dataStart} = header;
      const end = dataStart + width * height * channels;
      if (this.#length < end) return;
      const buffer = this.#join();
      this.#onRaster({width, height, channels, data: new Uint8Array(buffer.subarray(dataStart, end))});
      const rest = buffer.subarray(end);
      this.#chunks = rest.length > 0 ? [rest] : [];
      this.#length = rest.length;
    }
  }

  /** Bytes left over that did not make a whole image. */
  get pending(): number {
    return this.#length;
  }

  #join(): Buffer {
    const joined = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks, this.#length);
    this.#chunks = [joined];
    return joined;
  }

  #header(buffer: Buffer): {width: number; height: number; channels: 1 | 3; dataStart: number} | undefined {
    if (buffer.length < 2) return undefined;
    const magic = buffer.toString('latin1', 0, 2);
    if (magic !== 'P6' && magic !== 'P5') throw new Error(`Not a binary PNM image (starts with "${magic}")`);
    const fields: number[] = [];
    let at = 2;
    while (fields.length < 3) {
      while (at < buffer.length && /\s/.test(String.fromCharCode(buffer[at]!))) at++;
      if (at < buffer.length && buffer[at] === 0x23) {
        while (at < buffer.length && buffer[at] !== 0x0a) at++;
        continue;
      }
      let digits = '';
      while (at < buffer.length && buffer[at]! >= 0x30 && buffer[at]! <= 0x39) digits += String.fromCharCode(buffer[at++]!);
      if (at >= buffer.length) return undefined;
      if (!digits) throw new Error('Malformed PNM header');
      fields.push(Number(digits));
    }
    if (fields[2] !== 255) throw new Error(`Unsupported PNM depth ${fields[2]}`);
    return {width: fields[0]!, height: fields[1]!, channels: magic === 'P6' ? 3 : 1, dataStart: at + 1};
  }
}

function renderRange(
  file: string,
  dpi: number,
  first: number,
  last: number,
  onRaster: (page: number, raster: Raster) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let page = first;
    const stream = new PnmStream((raster) => onRaster(page++, raster));
    const child = spawn('pdftoppm', ['-r', String(dpi), '-f', String(first + 1), '-l', String(last + 1), file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      try {
        stream.push(chunk);
      } catch (error) {
        child.kill();
        reject(error);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) => reject(new Error(`Cannot run pdftoppm (poppler-utils): ${error.message}`)));
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`pdftoppm failed (${code}): ${errors.trim()}`));
      else if (page !== last + 1) reject(new Error(`pdftoppm rendered ${page - first} of ${last - first + 1} pages`));
      else resolve();
    });
  });
}

/**
 * Renders every page with pdftoppm at `dpi`, in `processes` page ranges side by side, and hands
 * each page's raster to `onRaster` as it arrives; no image is kept or written to disk.
 */
export async function renderPages(
  file: string,
  pageCount: number,
  dpi: number,
  processes: number,
  onRaster: (page: number, raster: Raster) => void,
): Promise<void> {
  const count = Math.max(1, Math.min(processes, pageCount));
  const share = Math.ceil(pageCount / count);
  const ranges: Array<[number, number]> = [];
  for (let first = 0; first < pageCount; first += share) ranges.push([first, Math.min(pageCount, first + share) - 1]);
  await Promise.all(ranges.map(([first, last]) => renderRange(file, dpi, first, last, onRaster)));
}
