/** A compiled part of a message catalogue: id -> function of its values (scripts/message-catalogues.mjs). */
declare module 'comal-messages:*' {
  const messages: Record<string, (values?: Record<string, string | number>) => string>;
  export default messages;
}

/** How to recognise each message of a catalogue part in a text (shared/i18n/catalogue.ts messageShapes). */
declare module 'comal-message-shapes:*' {
  const shapes: import('../shared/i18n/catalogue.ts').MessageShape[];
  export default shapes;
}
