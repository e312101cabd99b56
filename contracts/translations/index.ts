import ar from './ar';
import de from './de';
import en, {type Messages, type TextId} from './en';
import es from './es';
import fa from './fa';
import fr from './fr';
import he from './he';
import it from './it';
import ja from './ja';
import ko from './ko';
import ptBR from './pt-BR';
import ru from './ru';
import zhHans from './zh-Hans';
import zhHant from './zh-Hant';

export type {Messages, TextId};

/** The plugin's texts in every locale it ships, by BCP 47 tag. */
export const SHIPPED_MESSAGES: Readonly<Record<string, Messages>> = {
  ar,
  de,
  en,
  es,
  fa,
  fr,
  he,
  it,
  ja,
  ko,
  'pt-BR': ptBR,
  ru,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
};

/**
 * Shipped locales to try for a site locale, most specific first, as Docusaurus'
 * own theme translations choose: `pt` → `pt-BR`, `zh-TW` → `zh-Hant`, `ja-JP` → `ja`.
 */
export function localesToTry(locale: string): string[] {
  let maximized: Intl.Locale;
  try {
    maximized = new Intl.Locale(locale).maximize();
  } catch {
    return [locale];
  }
  const {language, script, region} = maximized;
  return [...new Set([locale, `${language}-${region}`, `${language}-${script}`, language])];
}

/** The shipped texts for a site locale: its own, else those of its language, else English. */
export function shippedMessages(locale: string): Messages {
  const found = localesToTry(locale).find((candidate) => SHIPPED_MESSAGES[candidate]);
  return found ? SHIPPED_MESSAGES[found]! : en;
}

/** Every text of the plugin for a locale: the site's code.json wins over the shipped text. */
export function pluginTexts(locale: string, codeTranslations: Record<string, string> = {}): Messages {
  const shipped = shippedMessages(locale);
  const texts = {...shipped};
  for (const id of Object.keys(shipped) as TextId[]) {
    const own = codeTranslations[id];
    if (typeof own === 'string' && own !== '') texts[id] = own;
  }
  return texts;
}

/** Fills `{name}` placeholders, as Docusaurus' `translate` does. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
