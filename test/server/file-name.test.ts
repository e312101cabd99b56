import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {ExportRejected} from '../../server/errors';
import {defaultFileName, resolveFileName} from '../../server/file-name';

describe('defaultFileName', () => {
  const now = new Date('2026-11-22T05:12:09.345Z');

  it('names the docs, version and locale, then the UTC time, sortable and free of colons', () => {
    assert.equal(
      defaultFileName({docsPluginId: 'default', version: 'current', locale: 'en'}, now),
      'export-docs-current-en-2026-11-22T05-12-09Z.pdf',
    );
    assert.equal(
      defaultFileName({docsPluginId: 'sdk', version: '1.0', locale: 'zh-Hans'}, now),
      'export-sdk-1.0-zh-Hans-2026-11-22T05-12-09Z.pdf',
    );
  });

  it('keeps only characters safe on every file system from the parts', () => {
    assert.equal(
      defaultFileName({docsPluginId: 'api docs', version: '../2.x: beta', locale: 'ja'}, now),
      'export-api-docs-2.x-beta-ja-2026-11-22T05-12-09Z.pdf',
    );
    assert.equal(
      resolveFileName(defaultFileName({docsPluginId: '版本/文档', version: '..', locale: 'fr'}, now)),
      'export-版本-文档-x-fr-2026-11-22T05-12-09Z.pdf',
    );
  });
});

describe('resolveFileName', () => {
  for (const [input, expected] of [
    ['report', 'report.pdf'],
    ['report.pdf', 'report.pdf'],
    ['Report.PDF', 'Report.PDF'],
    ['v1.2 release notes', 'v1.2 release notes.pdf'],
    ['handbuch-ärger', 'handbuch-ärger.pdf'],
    ['文档', '文档.pdf'],
    ['a..b', 'a..b.pdf'],
    ['100% done', '100% done.pdf'],
    ['a%20b', 'a%20b.pdf'],
    ['Über uns – Handbuch', 'Über uns – Handbuch.pdf'],
    ['🚀 launch', '🚀 launch.pdf'],
    ['ملف', 'ملف.pdf'],
    ['console', 'console.pdf'],
    ['x'.repeat(251), `${'x'.repeat(251)}.pdf`],
  ]) {
    it(`accepts ${JSON.stringify(input.length > 40 ? `${input.slice(0, 10)}…` : input)}`, () => {
      assert.equal(resolveFileName(input), expected);
    });
  }

  for (const [label, input] of [
    ['an empty name', ''],
    ['a repeated parameter', ['a', 'b']],
    ['a nested object', {a: '1'}],
    ['a slash', 'a/b'],
    ['a backslash', 'a\\b'],
    ['a parent directory', '..'],
    ['a current directory', '.'],
    ['a traversal', '../etc/passwd'],
    ['a leading dot', '.hidden'],
    ['a NUL character', 'a\u0000b'],
    ['a newline', 'a\nb'],
    ['a DEL character', 'a\u007fb'],
    ['a trailing dot', 'report.'],
    ['a trailing space', 'report '],
    ['a leading space', ' report'],
    ['a Windows device name', 'CON'],
    ['a Windows device name with extension', 'lpt1.pdf'],
    ['a colon', 'C:report'],
    ['a wildcard', 'a*b'],
    ['a name over 255 bytes', 'x'.repeat(252)],
    ['a multi-byte name over 255 bytes', 'é'.repeat(126)],
    ['a non-NFC name', 'e\u0301'],
    ['a right-to-left override', 'report\u202Efdp.exe'],
    ['a zero-width space', 'rep\u200Bort'],
    ['a byte order mark', '\uFEFFreport'],
    ['a soft hyphen', 're\u00ADport'],
    ['a fullwidth solidus', 'a\uFF0Fb'],
    ['a fullwidth reverse solidus', 'a\uFF3Cb'],
    ['a fullwidth full stop pair', '\uFF0E\uFF0E'],
    ['a line separator', 'a\u2028b'],
    ['a C1 control', 'a\u0085b'],
    ['a pipe', 'a|b'],
    ['a quote', 'a"b'],
    ['angle brackets', '<script>'],
    ['a double-encoded slash', 'a%2Fb'],
    ['a double-encoded backslash', 'a%5cb'],
    ['double-encoded dots', '%2e%2e'],
  ] as const) {
    it(`rejects ${label}`, () => {
      assert.throws(
        () => resolveFileName(input),
        (error: unknown) => error instanceof ExportRejected && /^Invalid fileName: /.test(error.message),
      );
    });
  }
});
