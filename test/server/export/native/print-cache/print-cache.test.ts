import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {readFile, readdir, utimes, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {PrintCache} from '../../../../../server/export/native/print-cache/print-cache';
import {tempDir} from '../../../../helpers/fixtures';

const key = (name: string) => PrintCache.key({name});
const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const entries = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.bin')).sort();

describe('PrintCache', () => {
  let scratch: Awaited<ReturnType<typeof tempDir>>;
  before(async () => (scratch = await tempDir('print-cache')));
  after(() => scratch.remove());
  const dir = (name: string) => path.join(scratch.dir, name);

  it('gives back what was stored under a key, in a new instance too, and nothing for another key', async () => {
    const first = await PrintCache.open({dir: dir('round-trip'), maxBytes: 1 << 20});
    await first.put(key('a'), bytes('%PDF-a'));
    const second = await PrintCache.open({dir: dir('round-trip'), maxBytes: 1 << 20});
    assert.equal(Buffer.from((await second.get(key('a')))!).toString(), '%PDF-a');
    assert.equal(await second.get(key('b')), undefined);
  });

  it('removes a damaged entry on reading it and says so', async () => {
    const lines: string[] = [];
    const cache = await PrintCache.open({dir: dir('damaged'), maxBytes: 1 << 20, log: (line) => lines.push(line)});
    await cache.put(key('a'), bytes('%PDF-original'));
    const file = path.join(dir('damaged'), `${key('a')}.bin`);
    const stored = await readFile(file);
    stored[stored.length - 1] ^= 0xff;
    await writeFile(file, stored);
    assert.equal(await cache.get(key('a')), undefined);
    assert.deepEqual(await entries(dir('damaged')), []);
    assert.match(lines.join('\n'), /is damaged; removed, printed again/);
    await writeFile(file, 'short');
    assert.equal(await cache.get(key('a')), undefined, 'a file shorter than its digest');
  });

  it('keeps to its size cap, the least recently used entries going first', async () => {
    const cache = await PrintCache.open({dir: dir('cap'), maxBytes: 3 * (32 + 100)});
    const day = 24 * 60 * 60;
    for (const [index, name] of ['a', 'b', 'c'].entries()) {
      await cache.put(key(name), bytes(name.repeat(100)));
      const time = Date.now() / 1000 - (3 - index) * day;
      await utimes(path.join(dir('cap'), `${key(name)}.bin`), time, time);
    }
    assert.ok(await cache.get(key('a')), 'a read now: the most recently used');
    await cache.put(key('d'), bytes('d'.repeat(100)));
    assert.deepEqual(await entries(dir('cap')), [key('a'), key('c'), key('d')].map((name) => `${name}.bin`).sort());
    await cache.put(key('huge'), bytes('h'.repeat(1000)));
    assert.equal(await cache.get(key('huge')), undefined, 'larger than the whole cache: not stored');
    assert.equal((await entries(dir('cap'))).length, 3);
  });

  it('clears what a killed writer left on opening, keeping the entries', async () => {
    const cache = await PrintCache.open({dir: dir('killed'), maxBytes: 1 << 20});
    await cache.put(key('a'), bytes('%PDF-a'));
    const deadPid = 2 ** 22 + 17;
    await writeFile(path.join(dir('killed'), `${key('b')}.bin.${deadPid}-0a0b.tmp`), 'half a PDF');
    await writeFile(path.join(dir('killed'), `${key('c')}.bin.${process.pid}-0a0b.tmp`), 'being written');
    await writeFile(path.join(dir('killed'), 'stray.txt'), 'not an entry');
    await PrintCache.open({dir: dir('killed'), maxBytes: 1 << 20});
    assert.deepEqual((await readdir(dir('killed'))).sort(), [`${key('a')}.bin`, `${key('c')}.bin.${process.pid}-0a0b.tmp`].sort());
  });

  it('stays whole when two processes write and read the same keys at once', async () => {
    const script = `
      const {PrintCache} = require(${JSON.stringify(path.resolve('server/export/native/print-cache/print-cache.ts'))});
      (async () => {
        const cache = await PrintCache.open({dir: process.argv[1], maxBytes: 40 * 200_032});
        for (let round = 0; round < 30; round++) {
          const name = 'k' + (round % 8);
          const key = PrintCache.key({name});
          const got = await cache.get(key);
          if (got && Buffer.from(got).toString() !== name.repeat(40_000).slice(0, 200_000)) throw new Error('wrong bytes for ' + name);
          await cache.put(key, Buffer.from(name.repeat(40_000).slice(0, 200_000)));
        }
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const run = () =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, dir('shared')], {stdio: 'inherit'});
        child.on('exit', (code) => resolve(code ?? 1));
      });
    await PrintCache.open({dir: dir('shared'), maxBytes: 1 << 20});
    assert.deepEqual(await Promise.all([run(), run()]), [0, 0]);
    const cache = await PrintCache.open({dir: dir('shared'), maxBytes: 40 * 200_032});
    for (let round = 0; round < 8; round++) {
      const name = `k${round}`;
      assert.equal(Buffer.from((await cache.get(key(name)))!).toString(), name.repeat(40_000).slice(0, 200_000));
    }
  });
});
