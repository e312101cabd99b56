import {useMemo} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

/** The language the site's current locale is written in (its `htmlLang`). */
export function useLocaleLanguage(): string {
  const {i18n} = useDocusaurusContext();
  return i18n.localeConfigs[i18n.currentLocale]?.htmlLang ?? i18n.currentLocale;
}

/** Percentages and sizes as the reader's locale writes them: "42 %", "1,50". */
export function useLocaleNumbers(): {percent: Intl.NumberFormat; megabytes: Intl.NumberFormat} {
  const language = useLocaleLanguage();
  return useMemo(
    () => ({
      percent: new Intl.NumberFormat(language, {style: 'percent', maximumFractionDigits: 0}),
      megabytes: new Intl.NumberFormat(language, {minimumFractionDigits: 2, maximumFractionDigits: 2}),
    }),
    [language],
  );
}
