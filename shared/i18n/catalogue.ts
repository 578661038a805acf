/**
 * The message catalogues: one per language (messages/en.json, messages/es.json), each a flat map
 * from a message's id to its text in ICU MessageFormat ('{count, plural, one {# item} other {#
 * items}}'), read by messageformat (the OpenJS project's ICU MessageFormat compiler). English is
 * the source: every id exists there first. An id's first word names the part of the product that
 * shows it:
 *
 *   common, menu   the widget's first paint (menu, cart button, notices) and what parts share
 *   item, cart, checkout, account, pay, handover   the widget's lazy chunks of the same names
 *   site           the marketing site's pages (rendered at build time)
 *   mail, sms      what the server sends
 *   api            the API's messages a customer reads (shared/i18n/api-messages.ts)
 *
 * The widget's messages are compiled to functions when it is built (scripts/message-catalogues.mjs),
 * so no browser parses ICU; the server and the site's build compile them on first use.
 */
import { parse, type Token } from '@messageformat/parser';
import type { Locale } from './locale.ts';

/** A catalogue as written: id -> ICU text. */
export type Catalogue = Record<string, string>;

/** The part of a catalogue whose ids start with one of the namespaces. */
export function messagesIn(catalogue: Catalogue, namespaces: readonly string[]): Catalogue {
  const wanted = new Set(namespaces);
  return Object.fromEntries(Object.entries(catalogue).filter(([id]) => wanted.has(id.split('.')[0] ?? '')));
}

/** A message's tokens; a message that does not parse throws, naming its id. */
export function tokensOf(id: string, text: string): Token[] {
  try {
    return parse(text);
  } catch (error) {
    throw new Error(`Message ${id} is not valid ICU MessageFormat: ${(error as Error).message}`);
  }
}

/** The placeholders a message uses ({name}, {count, plural, ...}), sorted, to compare translations. */
export function placeholdersOf(text: string, id = 'message'): string[] {
  const names = new Set<string>();
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if ('arg' in token) names.add(token.arg);
      if ('cases' in token) token.cases.forEach((branch) => walk(branch.tokens));
    }
  };
  walk(tokensOf(id, text));
  return [...names].sort();
}

/**
 * What is wrong between the source catalogue and a translation: ids missing or extra, messages
 * that do not parse, and messages whose placeholders differ. An empty list means it is complete.
 */
export function catalogueProblems(source: Catalogue, translation: Catalogue, locale: Locale): string[] {
  const problems: string[] = [];
  for (const [id, english] of Object.entries(source)) {
    const text = translation[id];
    if (text === undefined) {
      problems.push(`${locale}: missing ${id}`);
      continue;
    }
    try {
      const theirs = placeholdersOf(text, id).join('}, {');
      const ours = placeholdersOf(english, id).join('}, {');
      if (theirs !== ours) problems.push(`${locale}: ${id} uses {${theirs}} instead of {${ours}}`);
    } catch (error) {
      problems.push(`${locale}: ${(error as Error).message}`);
    }
  }
  for (const id of Object.keys(translation)) if (!(id in source)) problems.push(`${locale}: ${id} is not in English`);
  return problems;
}

/**
 * How to recognise a message in a text that says it: its text when fixed, else a pattern with a
 * group per `{value}` (a message with a plural or a select cannot be recognised, and has none).
 */
export type MessageShape = { id: string; text: string } | { id: string; pattern: string; names: string[] };

const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function messageShapes(catalogue: Catalogue): MessageShape[] {
  const shapes: MessageShape[] = [];
  for (const [id, text] of Object.entries(catalogue)) {
    const tokens = tokensOf(id, text);
    if (tokens.every((token) => token.type === 'content')) {
      shapes.push({ id, text: tokens.map((token) => token.value).join('') });
      continue;
    }
    if (!tokens.every((token) => token.type === 'content' || token.type === 'argument')) continue;
    const names = tokens.flatMap((token) => (token.type === 'argument' ? [token.arg] : []));
    const pattern = tokens
      .map((token) => (token.type === 'content' ? escapePattern(token.value) : '([\\s\\S]+?)'))
      .join('');
    shapes.push({ id, pattern: `^${pattern}$`, names });
  }
  return shapes;
}
