import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {MAX_NAME_BYTES, destinationName} from '../../../../../server/export/native/merge/destination-names';

const bytes = (name: string) => Buffer.from(name, 'latin1').length;

describe('destination names', () => {
  it('keeps an id that fits as the name, so book.pdf#nameddest=<id> works', () => {
    assert.equal(destinationName('guides/configuration--precedence-rules'), 'guides/configuration--precedence-rules');
  });

  it('shortens a long id to 127 bytes with a hash, the same on every export', () => {
    const id = `reference/api/deeply/nested/doc--${'why-some-options-can-be-set-at-the-queue-level-'.repeat(4)}`;
    const name = destinationName(id);
    assert.equal(bytes(name), MAX_NAME_BYTES);
    assert.ok(name.startsWith('reference/api/deeply/nested/doc--why-some'));
    assert.match(name, /~[0-9a-f]{10}$/);
    assert.equal(destinationName(id), name);
  });

  it('gives two long ids that share their first 127 bytes different names', () => {
    const stem = 'x'.repeat(200);
    assert.notEqual(destinationName(`${stem}-a`), destinationName(`${stem}-b`));
  });

  it('counts the UTF-8 bytes of non-Latin ids and never cuts a character in half', () => {
    const id = `zh/指南--${'安装与配置说明'.repeat(10)}`;
    const name = destinationName(id);
    assert.ok(bytes(name) <= MAX_NAME_BYTES);
    const stem = Buffer.from(name.slice(0, name.lastIndexOf('~')), 'latin1').toString('utf8');
    assert.ok(id.startsWith(stem), 'the kept part is whole characters of the id');
    assert.equal(destinationName('zh/指南'), Buffer.from('zh/指南', 'utf8').toString('latin1'));
  });
});
