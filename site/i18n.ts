/**
 * The site in two languages: every customer page is built twice from one file under
 * site/pages/[...lang]/, at its plain path in English (/menu/) and under /es/ in Spanish
 * (/es/menu/). A page or component asks `pageLanguage(Astro.url)` for its language, its words
 * (`t`, from the message catalogues, shared/i18n/) and its links (`path('/order/')` is
 * '/es/order/' on a Spanish page). A message the Spanish catalogue lacks fails the build.
 */
import {
  intlLocale,
  LOCALE_NAMES,
  localeOfPath,
  localePath,
  LOCALES,
  pathWithoutLocale,
  type Locale,
} from '../shared/i18n/locale.ts';
import type { Translate } from '../shared/i18n/message.ts';
import { translator } from '../shared/i18n/translator.ts';

/** Both languages' paths of a page in site/pages/[...lang]/ (English without a prefix). */
export function bothLanguages() {
  return LOCALES.map((locale) => ({ params: { lang: locale === 'en' ? undefined : locale } }));
}

export interface PageLanguage {
  locale: Locale;
  /** The page's words; throws on an id the catalogue lacks, so a gap fails the build. */
  t: Translate;
  /** A path on this site in the page's language. */
  path: (to: string) => string;
  /** The tag Intl formats dates and numbers with. */
  intl: string;
  /**
   * The language switch: this page in the other language, named in that language; `?lang=` has
   * the server remember the choice.
   */
  other: { locale: Locale; name: string; href: string };
}

/**
 * A plural message's forms for an island that counts in the browser ('Cart, # items'), with '#'
 * where the number goes; the island picks one with Intl.PluralRules. English and Spanish need
 * only 'one' and 'other' for the counts a cart reaches.
 */
export function pluralForms(t: Translate, id: Parameters<Translate>[0]): { one: string; other: string } {
  return { one: t(id, { count: 1 }).replace('1', '#'), other: t(id, { count: 2 }).replace('2', '#') };
}

export function pageLanguage(url: URL): PageLanguage {
  const locale = localeOfPath(url.pathname);
  const translate = translator(locale);
  const other = LOCALES.find((candidate) => candidate !== locale) ?? locale;
  return {
    locale,
    t: (id, values) => {
      const text = translate(id, values);
      if (text === id) throw new Error(`The ${locale} catalogue has no message ${id} (${url.pathname})`);
      return text;
    },
    path: (to) => (to.startsWith('/') && !to.startsWith('//') ? localePath(to, locale) : to),
    intl: intlLocale(locale),
    other: {
      locale: other,
      name: LOCALE_NAMES[other],
      href: `${localePath(pathWithoutLocale(url.pathname), other)}?lang=${other}`,
    },
  };
}
