/**
 * Messages in a language, for code that runs on the server or in the site's build (mails, texts,
 * the API's messages, the marketing pages): each message compiled by messageformat on first use.
 * A message the catalogue lacks comes back as its id. The widget does not import this (it would
 * carry both catalogues); it has widget/i18n.ts.
 */
import MessageFormat from '@messageformat/core';
import english from './messages/en.json';
import spanish from './messages/es.json';
import { apiMessageMatcher, localizeApiMessage, type ApiMessageMatcher } from './api-messages.ts';
import { messageShapes, messagesIn, type Catalogue } from './catalogue.ts';
import { DEFAULT_LOCALE, type Locale } from './locale.ts';
import type { Translate } from './message.ts';

const CATALOGUES: Record<Locale, Catalogue> = { en: english, es: spanish };
const translators = new Map<Locale, Translate>();

export function translator(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    const format = new MessageFormat(locale);
    const catalogue = CATALOGUES[locale];
    const compiled = new Map<string, (values?: Record<string, unknown>) => string>();
    translate = (id, values) => {
      const text = catalogue[id];
      if (text === undefined) return id;
      let message = compiled.get(id);
      if (!message) {
        const compiledMessage = format.compile(text);
        message = (v) => String(compiledMessage(v));
        compiled.set(id, message);
      }
      return message(values);
    };
    translators.set(locale, translate);
  }
  return translate;
}

let englishApiMessages: ApiMessageMatcher | null = null;

/** A message the API words in English (an `api.` message of the catalogue), said in `locale`. */
export function apiMessageIn(locale: Locale, text: string): string {
  if (locale === DEFAULT_LOCALE) return text;
  englishApiMessages ??= apiMessageMatcher(messageShapes(messagesIn(english, ['api'])));
  return localizeApiMessage(text, englishApiMessages, translator(locale));
}
