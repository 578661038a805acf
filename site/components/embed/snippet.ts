/**
 * The snippet a partner pastes, from the choices on /embed/: the script tag, then the element
 * with one attribute per choice that differs from the widget's default, values escaped.
 */
export interface EmbedChoices {
  /** A category's name, or '' for the whole menu. */
  category: string;
  /** '#rrggbb'; the restaurant's own colour is the default and adds nothing. */
  themeColor: string;
  layout: 'inline' | 'launcher';
}

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/** The element's attributes, in the snippet's order. */
export function embedAttributes(choices: EmbedChoices, defaultColour: string): [string, string][] {
  const attributes: [string, string][] = [];
  if (choices.category) attributes.push(['category', choices.category]);
  if (choices.themeColor.toLowerCase() !== defaultColour.toLowerCase())
    attributes.push(['theme-color', choices.themeColor.toLowerCase()]);
  if (choices.layout === 'launcher') attributes.push(['layout', 'launcher']);
  return attributes;
}

export function embedSnippet(origin: string, choices: EmbedChoices, defaultColour: string): string {
  const attributes = embedAttributes(choices, defaultColour)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<script src="${origin}/widget/comal.js" async></script>\n<comal-order${attributes}></comal-order>`;
}
