/**
 * What a piece of code needs to say something in the customer's language, as types only: a
 * message's id (checked against the English catalogue) and a function that turns it into text.
 * Shared code that words something takes a `Translate`; the widget passes its own, the server
 * and the site's build theirs (shared/i18n/translator.ts).
 */
import type english from './messages/en.json';

/** Every message's id, checked by the type checker wherever a text is asked for. */
export type MessageId = keyof typeof english;

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

/** A message's text in one language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;
