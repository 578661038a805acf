/**
 * The widget's language switch on a partner's page: one button naming the other language in
 * itself ('Español', read out in Spanish), which the widget remembers for the next visit. On the
 * restaurant's own pages the site's header has the switch, and the widget follows the page.
 */
import { LOCALE_NAMES, LOCALES, type Locale } from '../shared/i18n/locale.ts';
import { t, widgetLocale } from './i18n.ts';

export function LanguageSwitch({ onLocale }: { onLocale: (locale: Locale) => void }) {
  const current = widgetLocale();
  const other = LOCALES.find((locale) => locale !== current) ?? current;
  return (
    <p className="language">
      <button type="button" lang={other} title={t('common.language')} onClick={() => onLocale(other)}>
        {LOCALE_NAMES[other]}
      </button>
    </p>
  );
}
