/**
 * The widget's words: `t('menu.add')` is the text of a message in the language the widget
 * speaks (shared/i18n/catalogue.ts), from messages compiled to functions at build time
 * (messageformat). One store per page, on a global the entry and every chunk share, so a chunk's
 * words follow the same switch; each part adds its own English messages as it loads, the Spanish
 * ones come in one chunk (widget/locale-choice.ts). A message no loaded catalogue has is shown
 * as its id and remembered in `missing` (the browser tests fail on any).
 */
import type { MessageId, MessageValues, Translate } from '../shared/i18n/message.ts';
import { DEFAULT_LOCALE, intlLocale, localePath, type Locale } from '../shared/i18n/locale.ts';

/** A compiled message: its values in, its text out. */
export type CompiledMessage = (values?: MessageValues) => string;
export type CompiledMessages = Record<string, CompiledMessage>;

interface WidgetWords {
  locale: Locale;
  messages: Partial<Record<Locale, CompiledMessages>>;
  missing: string[];
}

const words: WidgetWords = ((globalThis as { ComalWidgetWords?: WidgetWords }).ComalWidgetWords ??= {
  locale: DEFAULT_LOCALE,
  messages: {},
  missing: [],
});

/** A message's text in the widget's language. */
export function t(id: MessageId, values?: MessageValues): string {
  const message = words.messages[words.locale]?.[id];
  if (message) return message(values);
  if (!words.missing.includes(`${words.locale}:${id}`)) words.missing.push(`${words.locale}:${id}`);
  return id;
}

/** The language the widget speaks now. */
export function widgetLocale(): Locale {
  return words.locale;
}

/** Speaks `locale` from now on (its messages are loaded first: widget/locale-choice.ts). */
export function speak(locale: Locale): void {
  words.locale = locale;
}

/** Whether a language's messages are here. */
export function hasMessages(locale: Locale): boolean {
  return locale in words.messages;
}

/** A page of the restaurant's site in the widget's language: sitePath('/login/') is '/es/login/' in Spanish. */
export function sitePath(path: string): string {
  return localePath(path, widgetLocale());
}

/** The tag `Intl` formats dates and numbers with, for the widget's language. */
export function widgetIntlLocale(): string {
  return intlLocale(widgetLocale());
}

type ChunkRegistry = {
  ComalWidgetChunks?: Record<string, { localize?: (text: string, t: Translate) => string } | undefined>;
};

/**
 * A message worded in English by the API or by shared code (a form's check, a fallback when the
 * server could not be reached), in the widget's language: the language's chunk recognises it
 * (shared/i18n/api-messages.ts; read from the chunk registry, so the entry and every chunk share
 * it). Kept as it is in English, or when it is not a message we know.
 */
export function localize(text: string): string {
  if (widgetLocale() === DEFAULT_LOCALE) return text;
  const chunk = (globalThis as ChunkRegistry).ComalWidgetChunks?.[`messages-${widgetLocale()}-api`];
  return chunk?.localize ? chunk.localize(text, t) : text;
}

/** A part's compiled messages in one language. */
export function addMessages(locale: Locale, messages: CompiledMessages): void {
  words.messages[locale] = { ...words.messages[locale], ...messages };
}
