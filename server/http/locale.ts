/**
 * The language a request wants its words in: the widget sends its own as Accept-Language (the
 * customer's choice, not only the browser's), a browser its preferences; English by default.
 * Mails and texts about an order go out in the language the order was placed in.
 */
import type { Context } from 'hono';
import { acceptedLanguages, negotiateLocale, type Locale } from '../../shared/i18n/locale.ts';

export function requestLocale(c: Context): Locale {
  return negotiateLocale(acceptedLanguages(c.req.header('accept-language')));
}
