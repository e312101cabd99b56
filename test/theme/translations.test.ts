import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import en from '../../contracts/translations/en';
import {SHIPPED_MESSAGES, localesToTry, pluginTexts, shippedMessages} from '../../contracts/translations';

const ROOT = path.resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [readFileSync(full, 'utf8')] : [];
  });
}

const THEME = sources(path.join(ROOT, 'theme'));

/** The English default of every id the theme gives to <Translate id="…"> or translate({id: '…'}). */
const THEME_DEFAULTS = new Map<string, string>();
for (const source of THEME) {
  for (const match of source.matchAll(/id="(theme\.ExportPdf\.[\w.]+)"[^>]*>\s*\{?['"]?([^<]*?)['"]?\}?\s*<\/Translate>/g)) {
    THEME_DEFAULTS.set(match[1]!, match[2]!.trim());
  }
  for (const match of source.matchAll(/id: '(theme\.ExportPdf\.[\w.]+)',\s*message: '([^']*)'/g)) {
    THEME_DEFAULTS.set(match[1]!, match[2]!);
  }
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the plugin texts', () => {
  it('all go through Translate with ids under theme.ExportPdf, the book texts too', () => {
    assert.ok(THEME_DEFAULTS.size >= 30, `${THEME_DEFAULTS.size} ids`);
    for (const id of ['theme.ExportPdf.book.tocTitle', 'theme.ExportPdf.book.pageOf', 'theme.ExportPdf.book.version']) {
      assert.ok(THEME_DEFAULTS.has(id), `${id} is declared in the theme, so write-translations extracts it`);
    }
  });

  it('are the English of plugin/translations/en.ts, word for word', () => {
    assert.deepEqual(Object.fromEntries([...THEME_DEFAULTS].sort()), Object.fromEntries(Object.entries(en).sort()));
  });

  it('ship in the fourteen locales docs/book.md lists, three right-to-left ones among them, and no other', () => {
    const locales = ['en', 'fr', 'de', 'es', 'pt-BR', 'it', 'ja', 'ko', 'zh-Hans', 'zh-Hant', 'ru', 'ar', 'he', 'fa'];
    for (const locale of locales) {
      assert.ok(SHIPPED_MESSAGES[locale], locale);
    }
    const manual = readFileSync(path.join(ROOT, 'docs', 'book.md'), 'utf8').replace(/\s+/g, ' ');
    const listed = /Docusaurus' theme does \(`getDefaultCodeTranslationMessages`\), in \*\*([^*]+)\*\*/.exec(manual)?.[1];
    assert.ok(listed, 'docs/book.md lists the shipped locales');
    assert.deepEqual(listed.split(/, | and /), locales);
    assert.deepEqual(Object.keys(SHIPPED_MESSAGES).sort(), [...locales].sort());
  });

  for (const [locale, messages] of Object.entries(SHIPPED_MESSAGES)) {
    it(`in ${locale}: every text, none too many, the same placeholders, nothing left empty`, () => {
      const ids = Object.keys(messages);
      assert.deepEqual([...THEME_DEFAULTS.keys()].filter((id) => !(id in messages)).sort(), [], 'missing');
      assert.deepEqual(ids.filter((id) => !THEME_DEFAULTS.has(id)).sort(), [], 'no component uses');
      for (const [id, text] of Object.entries(messages)) {
        assert.ok(text.trim(), `${id} is empty`);
        assert.deepEqual(placeholders(text), placeholders(en[id as keyof typeof en]), id);
      }
    });
  }
});

describe('choosing the shipped texts for a site locale', () => {
  it('tries the locale, then its language with region or script, then the language', () => {
    assert.deepEqual(localesToTry('zh-CN'), ['zh-CN', 'zh-Hans', 'zh']);
    assert.equal(shippedMessages('zh-TW'), SHIPPED_MESSAGES['zh-Hant']);
    assert.equal(shippedMessages('pt'), SHIPPED_MESSAGES['pt-BR']);
    assert.equal(shippedMessages('ja-JP'), SHIPPED_MESSAGES.ja);
    assert.equal(shippedMessages('fr-CA'), SHIPPED_MESSAGES.fr);
  });

  it('falls back to English for a locale it does not ship, or a tag Intl refuses', () => {
    assert.equal(shippedMessages('sw'), en);
    assert.equal(shippedMessages('not a tag'), en);
  });

  it("lets the site's code.json win, ignoring empty and foreign entries", () => {
    const texts = pluginTexts('fr', {'theme.ExportPdf.book.tocTitle': 'Sommaire', 'theme.ExportPdf.button': '', 'theme.Other': 'x'});
    assert.equal(texts['theme.ExportPdf.book.tocTitle'], 'Sommaire');
    assert.equal(texts['theme.ExportPdf.button'], SHIPPED_MESSAGES.fr!['theme.ExportPdf.button']);
    assert.ok(!('theme.Other' in texts));
  });
});
