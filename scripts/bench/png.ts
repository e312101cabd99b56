// Writes a small, valid RGB PNG (a bar chart) with node's zlib only. Deterministic output.
import {deflateSync} from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

type Rgb = [number, number, number];

/** A width x height bar chart: white background, grid lines, axes, one bar per value (0..1). */
export function barChartPng(width: number, height: number, values: number[]): Buffer {
  const pixels = Buffer.alloc(width * height * 3, 0xff);
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at = (y * width + x) * 3;
    pixels[at] = r;
    pixels[at + 1] = g;
    pixels[at + 2] = b;
  };
  const left = 30;
  const bottom = height - 20;
  const top = 12;
  const grid: Rgb = [0xe3, 0xe6, 0xea];
  for (let y = bottom; y >= top; y -= 30) for (let x = left; x < width - 10; x += 1) set(x, y, grid);
  const palette: Rgb[] = [
    [0x35, 0x78, 0xe5],
    [0x25, 0xc2, 0xa0],
    [0xff, 0xba, 0x00],
    [0xfa, 0x38, 0x3e],
    [0x8e, 0x44, 0xad],
    [0x54, 0xc7, 0xec],
  ];
  let noise = 42;
  const slot = Math.floor((width - left - 20) / values.length);
  values.forEach((value, i) => {
    const x0 = left + 10 + i * slot;
    const barTop = Math.round(bottom - value * (bottom - top));
    const [r, g, b] = palette[i % palette.length];
    for (let x = x0; x < x0 + slot - 12; x += 1) {
      for (let y = barTop; y < bottom; y += 1) {
        // A little deterministic grain, so the file is big enough (over Docusaurus' 10 kB
        // inlining limit) to be emitted as a real image file, like a screenshot would be.
        noise = (Math.imul(noise, 1103515245) + 12345) >>> 0;
        const d = (noise >>> 16) % 7;
        set(x, y, [Math.max(0, r - d), Math.max(0, g - d), Math.max(0, b - d)]);
      }
    }
  });
  const axis: Rgb = [0x44, 0x4b, 0x55];
  for (let x = left; x < width - 10; x += 1) {
    set(x, bottom, axis);
    set(x, bottom + 1, axis);
  }
  for (let y = top - 4; y <= bottom; y += 1) {
    set(left, y, axis);
    set(left - 1, y, axis);
  }
  // Each scanline starts with filter type 0 (None).
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0;
    pixels.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  header[10] = 0; // compression
  header[11] = 0; // filter
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, {level: 9})),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
