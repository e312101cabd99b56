// Prints how fast the API turns away hostile file names, measured over HTTP against
// the real app and exporter (whose engine is never reached). Run: npm run bench:api
import {mkdtemp, rm} from 'node:fs/promises';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {createApp} from '../server/app';
import {DocsToPdfEngine} from '../server/export/docs-to-pdf-engine';
import {Exporter} from '../server/export/exporter';
import {listen} from '../server/listen';
import {LocalBookStore} from '../server/store/local-book-store';

const HOSTILE = [
  '',
  '..',
  '.',
  '../etc/passwd',
  '..%2Fetc',
  'a/b',
  'a\\b',
  '%2e%2e%2f',
  '.hidden',
  'a\u0000b',
  'a\nb',
  'report.',
  'report ',
  ' report',
  'CON',
  'lpt1.pdf',
  'C:report',
  'a*b',
  'a|b',
  'x'.repeat(300),
  'é'.repeat(130),
  'e\u0301',
  'report\u202Efdp.exe',
  'rep\u200Bort',
  '\uFF0E\uFF0E',
  'a\uFF0Fb',
  '<script>',
];
const ROUNDS = 50;

async function main(): Promise<void> {
  const documentsDir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
  const siteProbe = async () => true;
  const store = new LocalBookStore(documentsDir);
  const exporter = new Exporter({
    engine: new DocsToPdfEngine(),
    store,
    siteOrigin: 'http://127.0.0.1:9',
    siteProbe,
    loadManifests: async () => {
      throw new Error('never reached: every name is rejected first');
    },
    timeoutMs: 1000,
    queueLimit: 0,
    workRoot: documentsDir,
    log: () => undefined,
  });
  const server = await listen(createApp({nodeEnv: 'production'}, {exporter, siteProbe, store}), 0, '127.0.0.1', 'API');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const times: number[] = [];
  const statuses = new Map<number, number>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of HOSTILE) {
      const started = process.hrtime.bigint();
      const response = await fetch(`${base}/export-pdf?fileName=${encodeURIComponent(name)}`);
      await response.arrayBuffer();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  }
  const repeated = await fetch(`${base}/export-pdf?fileName=a&fileName=b`);
  statuses.set(repeated.status, (statuses.get(repeated.status) ?? 0) + 1);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`hostile names: ${HOSTILE.length + 1} kinds, ${times.length + 1} requests`);
  console.log(`statuses: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`);
  console.log(`latency ms: median ${at(0.5)}, p99 ${at(0.99)}, max ${times.at(-1)!.toFixed(2)} (target < 100)`);
  server.close();
  await rm(documentsDir, {recursive: true, force: true});
}

void main();
