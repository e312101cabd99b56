import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [readFileSync(full, 'utf8')] : [];
  });
}

/** Ids given to <Translate id="…"> and translate({id: '…'}) across the theme. */
const THEME_IDS = new Set(
  sources(path.join(ROOT, 'theme')).flatMap((source) => [...source.matchAll(/\bid[=:]\s*["'](theme\.ExportPdf\.[\w.]+)["']/g)].map((match) => match[1]!)),
);

describe('UI texts', () => {
  it('all go through Translate with ids under theme.ExportPdf', () => {
    assert.ok(THEME_IDS.size >= 25, `${THEME_IDS.size} ids`);
  });

  it('are all translated in the example site French locale, with the same placeholders', () => {
    const french = JSON.parse(readFileSync(path.join(ROOT, 'example-site/i18n/fr/code.json'), 'utf8')) as Record<string, {message: string}>;
    const ours = Object.keys(french).filter((id) => id.startsWith('theme.ExportPdf.'));
    assert.deepEqual([...THEME_IDS].filter((id) => !french[id]).sort(), [], 'missing in French');
    assert.deepEqual(ours.filter((id) => !THEME_IDS.has(id)).sort(), [], 'French texts no component uses');
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const source of sources(path.join(ROOT, 'theme'))) {
      for (const match of source.matchAll(/id="(theme\.ExportPdf\.[\w.]+)"[\s\S]*?>\s*\{?['"]?([^<]*?)['"]?\}?\s*<\/Translate>/g)) {
        assert.deepEqual(placeholders(french[match[1]!]!.message), placeholders(match[2]!), match[1]);
      }
    }
  });
});
