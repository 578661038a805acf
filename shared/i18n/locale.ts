/**
 * The languages the customer can read Comal in, and how one is chosen: a choice the customer made
 * (the switch, remembered), else the first of the browser's languages we speak, else English.
 * English pages live at their plain paths (/menu/), Spanish ones under /es/ (/es/menu/).
 * No DOM and no Node APIs: the site's build, the widget and the server all choose the same way.
 */

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, as the switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** The cookie (site) and storage key (widget on a partner page) that remember the choice. */
export const LOCALE_COOKIE = 'comal_lang';
export const LOCALE_STORAGE_KEY = 'comal:locale';

/** The restaurant is in the US: money and dates are formatted as in the US, in either language. */
const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The BCP 47 tag `Intl` formats with: 'es' -> 'es-US'. */
export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale];
}

/** The language of a tag such as 'es-MX' or 'EN_us', when we speak it. */
export function localeOfTag(tag: string | null | undefined): Locale | null {
  const language = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

/** The first of the preferred languages (best first) that we speak, else English. */
export function negotiateLocale(preferred: readonly (string | null | undefined)[]): Locale {
  for (const tag of preferred) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * An Accept-Language header's languages, best first: 'es-MX,es;q=0.9,en;q=0.8' -> ['es-MX', 'es',
 * 'en']. Entries with q=0 are refused, not preferred; a malformed header yields nothing.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => /^[a-z]{1,8}(?:[-_][a-z\d]{1,8})*$/i.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The customer's language: what they chose, else what their browser prefers. */
export function chooseLocale(chosen: string | null | undefined, preferred: readonly string[]): Locale {
  return localeOfTag(chosen) ?? negotiateLocale(preferred);
}

/** The language a site path is in: '/es/menu/' -> 'es', '/menu/' -> 'en'. */
export function localeOfPath(path: string): Locale {
  return /^\/es(?:\/|$)/.test(path) ? 'es' : DEFAULT_LOCALE;
}

/** A site path without its language prefix: '/es/menu/' -> '/menu/', '/es' -> '/'. */
export function pathWithoutLocale(path: string): string {
  return localeOfPath(path) === 'es' ? path.slice(3) || '/' : path;
}

/** The same page in a language: localePath('/menu/', 'es') = '/es/menu/'; keeps a query or hash. */
export function localePath(path: string, locale: Locale): string {
  const plain = pathWithoutLocale(path);
  return locale === DEFAULT_LOCALE ? plain : `/${locale}${plain}`;
}
