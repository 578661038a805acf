/**
 * The API's messages in the customer's language. The server words what it says in English, in
 * code (the API's contract: tests and the spec read it word for word); the catalogues hold each
 * such message under an `api.` id, in English exactly as the code says it, and in Spanish.
 * `apiMessageMatcher` finds an English message's id by its fixed text, or by its shape for one
 * with values ('{item} is sold out.' matches 'Taco de Asada is sold out.', item = 'Taco de
 * Asada'), so the server (server/app.ts) and the widget can say it again in another language
 * with the same values. A message with no entry stays as it is.
 */
import type { MessageShape } from './catalogue.ts';
import type { MessageId, MessageValues, Translate } from './message.ts';

export interface MatchedMessage {
  id: MessageId;
  values: MessageValues;
}

export type ApiMessageMatcher = (text: string) => MatchedMessage | null;

/** A matcher over the English messages' shapes (shared/i18n/catalogue.ts messageShapes). */
export function apiMessageMatcher(shapes: readonly MessageShape[]): ApiMessageMatcher {
  const exact = new Map<string, MessageId>();
  const patterns: { id: MessageId; pattern: RegExp; names: string[] }[] = [];
  for (const shape of shapes) {
    if ('text' in shape) exact.set(shape.text, shape.id as MessageId);
    else patterns.push({ id: shape.id as MessageId, pattern: new RegExp(shape.pattern), names: shape.names });
  }
  // The most specific shape first: the one with the most fixed text ('Card ending in {last4}'
  // before '{brand} ending in {last4}').
  const fixed = (pattern: RegExp) => pattern.source.split('([\\s\\S]+?)').join('').length;
  patterns.sort((a, b) => fixed(b.pattern) - fixed(a.pattern));
  return (text) => {
    const id = exact.get(text);
    if (id) return { id, values: {} };
    for (const { id: shapeId, pattern, names } of patterns) {
      const match = pattern.exec(text);
      if (match) return { id: shapeId, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
    }
    return null;
  };
}

/** An English message of the API said in the language of `t`; unknown messages are kept. */
export function localizeApiMessage(text: string, match: ApiMessageMatcher, t: Translate): string {
  const found = match(text);
  return found ? t(found.id, found.values) : text;
}
