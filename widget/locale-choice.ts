/**
 * Which language the widget speaks on this page, and switching it. On the restaurant's own pages
 * the page decides (its <html lang>: /es/ pages are Spanish, and the site's switch remembers the
 * choice). On a partner's page it is the customer's own choice from the widget's switch,
 * remembered in this browser, else the browser's first language we speak. English is in the
 * entry; Spanish arrives as one chunk (messages-es) before the widget first shows in Spanish, the
 * API's messages in another (messages-es-api) just after.
 */
import english from 'comal-messages:en/common,menu';
import { chooseLocale, DEFAULT_LOCALE, localeOfTag, LOCALE_STORAGE_KEY, type Locale } from '../shared/i18n/locale.ts';
import type { ChunkLoader } from './chunk-loader.ts';
import { addMessages, hasMessages, speak, type CompiledMessages } from './i18n.ts';

addMessages('en', english);

interface Page {
  document: Document;
  navigator: Navigator;
  storage: Storage | null;
  onPartnerPage: boolean;
}

function remembered(storage: Storage | null): string | null {
  try {
    return storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function initialLocale({ document, navigator, storage, onPartnerPage }: Page): Locale {
  if (!onPartnerPage) return localeOfTag(document.documentElement.lang) ?? DEFAULT_LOCALE;
  return chooseLocale(remembered(storage), navigator.languages ?? [navigator.language]);
}

/** Speaks the language from now on, once its messages are here; English if they cannot load. */
export async function activateLocale(locale: Locale, loader: ChunkLoader): Promise<Locale> {
  if (locale !== DEFAULT_LOCALE && !hasMessages(locale)) {
    try {
      const { module } = await loader.load<{ messages: CompiledMessages }>(`messages-${locale}`);
      addMessages(locale, module.messages);
      // The API's messages, to say one worded in English in this language: not needed to show.
      loader.load(`messages-${locale}-api`).catch(() => undefined);
    } catch {
      locale = DEFAULT_LOCALE;
    }
  }
  speak(locale);
  return locale;
}

/** The customer's choice on a partner's page, kept for their next visit. */
export function rememberLocale(storage: Storage | null, locale: Locale): void {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage refused (private mode, a partner's sandbox): the choice lasts this page only.
  }
}
