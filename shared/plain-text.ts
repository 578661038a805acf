/**
 * Text a person types (a name, a street, a cart's name) is one plain line: no control characters
 * (a line break would become a new line of a mail, or of a header), no invisible direction marks
 * or overrides (which make text read differently from what it is: "gpj.exe" shown as "exe.jpg"),
 * no zero-width spaces, and no line or paragraph separators.
 */
const HIDDEN = /[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u2028\u2029\uFEFF]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** Whether `text` holds a character that has no place in one plain line. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/** `text` with every such character turned into a space and runs of spaces made one. */
export function plainLine(text: string): string {
  return text.replace(HIDDEN_ALL, ' ').replace(/\s+/g, ' ').trim();
}

/** What a form says when a field holds one: `label` names the field ('Your name'). */
export function hiddenCharactersMessage(label: string): string {
  return `${label} cannot contain line breaks or hidden formatting characters.`;
}
